import { data, Link } from "react-router";
import { Badge } from "~/components/admin/list/list-table";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import {
  EndpointForm,
  type EndpointFormState,
  SecretOnce,
} from "~/components/admin/webhooks/endpoint-form";
import { ActionMessage } from "~/components/ui/toast";
import { countOf } from "~/lib/format";
import { staffActor } from "~/modules/commands/command.server";
import { addressRulesFor } from "~/modules/webhooks/webhook-address.server";
import { type EndpointSummary, listEndpoints } from "~/modules/webhooks/webhook-admin.server";
import { createEndpoint } from "~/modules/webhooks/webhook-commands.server";
import { webhookKey } from "~/modules/webhooks/webhook-secrets.server";
import { requireAdmin } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import { parseEndpointForm } from "~/web/webhook-form.server";
import type { Route } from "./+types/webhooks";

/*
 * Webhook endpoints (issue 26, decision 0054): where the site posts signed events for the firm's
 * CRM. Admins only. A new endpoint's signing secret is shown once, in the answer to the post.
 */

export const meta: Route.MetaFunction = () => adminMeta("Webhooks");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db, config } = runtimeFrom(context);
  return {
    endpoints: await listEndpoints(db),
    httpsOnly: addressRulesFor(config).requireHttps,
  };
}

interface WebhooksActionResult {
  message?: string;
  created?: { id: string; secret: string };
  form?: EndpointFormState;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const { db, config } = runtimeFrom(context);
  const form = await requireForm(request);
  if (form.get("intent") !== "create") {
    return data<WebhooksActionResult>({ message: "Error: unknown request." }, { status: 400 });
  }
  const parsed = parseEndpointForm(form);
  const values = { ...parsed.values, events: form.getAll("events").map(String) };
  if (!parsed.success) {
    return data<WebhooksActionResult>(
      {
        message: "Error: please correct the fields marked below.",
        form: { values, errors: parsed.errors },
      },
      { status: 400 },
    );
  }
  const result = await createEndpoint(
    db,
    staffActor(user),
    webhookKey(config.authSecret),
    addressRulesFor(config),
    parsed.data,
  );
  if (!result.ok) {
    return data<WebhooksActionResult>(
      {
        message: `Error: ${result.error}`,
        form: { values, errors: { [result.field ?? "form"]: result.error } },
      },
      { status: 400 },
    );
  }
  return {
    message: "Endpoint added. Copy its signing secret now.",
    created: result.value,
  } satisfies WebhooksActionResult;
}

function EndpointState({ endpoint }: { endpoint: EndpointSummary }) {
  if (!endpoint.enabled)
    return <Badge colours="bg-slate-200 text-slate-800 ring-slate-300">Off</Badge>;
  if (endpoint.pausedAt) {
    return <Badge colours="bg-red-100 text-red-900 ring-red-300">Paused: kept failing</Badge>;
  }
  if (endpoint.failingSince) {
    return <Badge colours="bg-amber-100 text-amber-900 ring-amber-300">Failing</Badge>;
  }
  return <Badge colours="bg-green-100 text-green-900 ring-green-300">On</Badge>;
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints, httpsOnly } = loaderData;
  const result = actionData as WebhooksActionResult | undefined;
  const createdId = result?.created?.id;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed notices to your CRM or other systems when something happens on the site (Standard Webhooks: webhook-id, webhook-timestamp and webhook-signature headers). Failed deliveries are tried again for 3 days."
      />
      <ActionMessage message={result?.message} trigger={result} />
      {result?.created ? <SecretOnce secret={result.created.secret} /> : null}
      <Panel title="Endpoints" className="mb-6">
        {endpoints.length === 0 ? (
          <p className="text-sm text-slate-700">No endpoints yet. Add one below.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/webhooks/${endpoint.id}`}
                    className="break-all font-medium text-blue-800 underline"
                  >
                    {endpoint.url}
                  </Link>
                  <EndpointState endpoint={endpoint} />
                  {endpoint.id === createdId ? (
                    <span className="text-xs text-slate-700">(just added)</span>
                  ) : null}
                </div>
                {endpoint.description ? (
                  <p className="text-sm text-slate-700">{endpoint.description}</p>
                ) : null}
                <p className="mt-1 text-sm text-slate-700">
                  {endpoint.events.join(", ")} ·{" "}
                  {countOf(endpoint.waiting, "delivery", "deliveries")} waiting ·{" "}
                  {countOf(endpoint.failed, "failed delivery", "failed deliveries")}
                  {endpoint.pausedAt ? ` · paused ${formatDateTime(endpoint.pausedAt)}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Add an endpoint">
        {httpsOnly ? null : (
          <p className="mb-3 text-sm text-slate-700">
            This server allows plain http:// and private addresses (WEBHOOKS_ALLOW_PRIVATE).
          </p>
        )}
        <EndpointForm
          intent="create"
          submitLabel="Add endpoint"
          state={result?.form ?? { values: { url: "", description: "", events: [] }, errors: {} }}
        />
      </Panel>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
