import { data, Form, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { ListPager } from "~/components/admin/list/list-pager";
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
import {
  ConfirmationPanel,
  type ConfirmationRequest,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { staffActor } from "~/modules/commands/command.server";
import type { StaffResult } from "~/modules/staff/staff.server";
import { addressRulesFor } from "~/modules/webhooks/webhook-address.server";
import {
  type DeliverySummary,
  getEndpoint,
  listDeliveries,
} from "~/modules/webhooks/webhook-admin.server";
import {
  deleteEndpoint,
  resendDelivery,
  resumeEndpoint,
  rotateEndpointSecret,
  setEndpointEnabled,
  updateEndpoint,
} from "~/modules/webhooks/webhook-commands.server";
import { webhookKey } from "~/modules/webhooks/webhook-secrets.server";
import { requireAdmin } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import { parseEndpointForm } from "~/web/webhook-form.server";
import type { Route } from "./+types/webhooks.$id";

/*
 * One webhook endpoint: its deliveries a page at a time (status, attempts, last answer, next
 * attempt, re-send), and its settings: events, on/off, a new secret (shown once), resume after
 * a pause, remove. Admins only.
 */

export const meta: Route.MetaFunction = () => adminMeta("Webhook endpoint");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  const endpoint = await getEndpoint(db, params.id);
  if (!endpoint) throw data("Not found", { status: 404 });
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return { endpoint, deliveries: await listDeliveries(db, endpoint.id, { page }) };
}

interface EndpointActionResult {
  message?: string;
  secret?: string;
  form?: EndpointFormState;
  confirmation?: ConfirmationRequest;
}

const DELETE_CONFIRMATION = {
  title: "Remove endpoint",
  description:
    "Remove this endpoint and every delivery recorded for it? Nothing more is sent to it. This cannot be undone.",
  confirmLabel: "Remove",
};

const answer = (result: StaffResult<unknown>, message: string) =>
  result.ok
    ? ({ message } satisfies EndpointActionResult)
    : data<EndpointActionResult>({ message: `Error: ${result.error}` }, { status: 409 });

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const actor = staffActor(user);
  const { db, config } = runtimeFrom(context);
  const form = await requireForm(request);
  const id = params.id;
  switch (String(form.get("intent") ?? "")) {
    case "update": {
      const parsed = parseEndpointForm(form);
      const values = { ...parsed.values, events: form.getAll("events").map(String) };
      if (!parsed.success) {
        return data<EndpointActionResult>(
          {
            message: "Error: please correct the fields marked below.",
            form: { values, errors: parsed.errors },
          },
          { status: 400 },
        );
      }
      const result = await updateEndpoint(db, actor, addressRulesFor(config), id, parsed.data);
      if (!result.ok) {
        return data<EndpointActionResult>(
          {
            message: `Error: ${result.error}`,
            form: { values, errors: { [result.field ?? "form"]: result.error } },
          },
          { status: 400 },
        );
      }
      return { message: "Endpoint saved." } satisfies EndpointActionResult;
    }
    case "enable":
      return answer(await setEndpointEnabled(db, actor, id, true), "Endpoint turned on.");
    case "disable":
      return answer(await setEndpointEnabled(db, actor, id, false), "Endpoint turned off.");
    case "resume":
      return answer(
        await resumeEndpoint(db, actor, id),
        "Endpoint resumed: its waiting deliveries go out now.",
      );
    case "rotate": {
      const result = await rotateEndpointSecret(db, actor, webhookKey(config.authSecret), id);
      if (!result.ok) return answer(result, "");
      return {
        message: "New signing secret made. Copy it now.",
        secret: result.value.secret,
      } satisfies EndpointActionResult;
    }
    case "resend": {
      const deliveryId = String(form.get("deliveryId") ?? "");
      return answer(await resendDelivery(db, actor, deliveryId), "Delivery queued to send again.");
    }
    case "delete": {
      if (!isConfirmed(form)) {
        return { confirmation: confirmationRequest(form, DELETE_CONFIRMATION) };
      }
      const result = await deleteEndpoint(db, actor, id);
      if (!result.ok) return answer(result, "");
      throw redirect("/admin/webhooks");
    }
    default:
      return data<EndpointActionResult>({ message: "Error: unknown request." }, { status: 400 });
  }
}

const STATUS_LABELS: Record<DeliverySummary["status"], [string, string]> = {
  pending: ["Waiting", "bg-amber-100 text-amber-900 ring-amber-300"],
  sending: ["Sending", "bg-blue-100 text-blue-900 ring-blue-300"],
  delivered: ["Delivered", "bg-green-100 text-green-900 ring-green-300"],
  failed: ["Failed", "bg-red-100 text-red-900 ring-red-300"],
};

function DeliveryRow({ delivery }: { delivery: DeliverySummary }) {
  const [label, colours] = STATUS_LABELS[delivery.status];
  return (
    <tr className="align-top">
      <td className="py-2 pr-3">
        <code className="text-xs">{delivery.eventType}</code>
        <span className="block text-xs text-slate-600">{formatDateTime(delivery.createdAt)}</span>
      </td>
      <td className="py-2 pr-3">
        <Badge colours={colours}>{label}</Badge>
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">{delivery.attempts}</td>
      <td className="py-2 pr-3">
        {delivery.lastResponseCode ?? "—"}
        {delivery.lastError ? (
          <span className="block max-w-xs break-words text-xs text-slate-700">
            {delivery.lastError}
          </span>
        ) : null}
      </td>
      <td className="py-2 pr-3 text-sm">
        {delivery.nextAttemptAt && delivery.status === "pending"
          ? formatDateTime(delivery.nextAttemptAt)
          : delivery.deliveredAt
            ? `Delivered ${formatDateTime(delivery.deliveredAt)}`
            : "—"}
      </td>
      <td className="py-2 text-right">
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="deliveryId" value={delivery.id} />
          <button
            type="submit"
            className={buttonClasses.small}
            disabled={delivery.status === "sending"}
          >
            Re-send<span className="sr-only"> delivery {delivery.id}</span>
          </button>
        </Form>
      </td>
    </tr>
  );
}

export default function WebhookEndpoint({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint, deliveries } = loaderData;
  const result = actionData as EndpointActionResult | undefined;
  const stored = {
    values: { url: endpoint.url, description: endpoint.description, events: endpoint.events },
    errors: {},
  };
  return (
    <>
      <p className="mb-4">
        <Link to="/admin/webhooks" className="text-sm font-medium text-blue-800 underline">
          ← All webhooks
        </Link>
      </p>
      <PageHeader title="Webhook endpoint" description={endpoint.url} />
      <ActionMessage message={result?.message} trigger={result} />
      <ConfirmationPanel
        request={result?.confirmation}
        cancelHref={`/admin/webhooks/${endpoint.id}`}
      />
      {result?.secret ? <SecretOnce secret={result.secret} /> : null}
      {endpoint.pausedAt ? (
        <div
          role="alert"
          className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
        >
          <p>
            Paused {formatDateTime(endpoint.pausedAt)}: every attempt failed for a day (
            {endpoint.consecutiveFailures} in a row). Its deliveries wait until it is resumed.
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="resume" />
            <button type="submit" className={buttonClasses.primary}>
              Resume endpoint
            </button>
          </Form>
        </div>
      ) : null}
      <Panel title="Deliveries" className="mb-6">
        {deliveries.items.length === 0 ? (
          <p className="text-sm text-slate-700">Nothing sent yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Deliveries to this endpoint, newest first, page {deliveries.page} of{" "}
                {deliveries.pageCount}
              </caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
                  <th scope="col" className="py-2 pr-3">
                    Event
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Attempts
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Last answer
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Next attempt
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {deliveries.items.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ListPager
          page={deliveries.page}
          pageCount={deliveries.pageCount}
          hrefOf={(page) => (page > 1 ? `?page=${page}` : "?")}
          label="Pages of deliveries"
        />
      </Panel>
      <Panel title="Settings" className="mb-6">
        <EndpointForm intent="update" submitLabel="Save endpoint" state={result?.form ?? stored} />
      </Panel>
      <Panel title="Secret and state">
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value={endpoint.enabled ? "disable" : "enable"} />
            <button type="submit" className={buttonClasses.secondary}>
              {endpoint.enabled ? "Turn off" : "Turn on"}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="rotate" />
            <button type="submit" className={buttonClasses.secondary}>
              Rotate signing secret
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <ConfirmSubmit {...DELETE_CONFIRMATION} className={buttonClasses.dangerOutline}>
              Remove endpoint
            </ConfirmSubmit>
          </Form>
        </div>
      </Panel>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
