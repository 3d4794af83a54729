import { data, Form, redirect } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { LIST_OP_FIELD, parseListOp } from "~/components/admin/list-editor";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import {
  applyServiceListOp,
  draftOf,
  readServiceDraft,
  type ServiceDraft,
  validateServiceDraft,
} from "~/components/admin/service-form";
import { ServiceCard, ServiceEditor } from "~/components/admin/services/service-views";
import { DraftPanel } from "~/components/admin/versions/draft-panel";
import {
  ConfirmationPanel,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage, LONG_TOAST_MS } from "~/components/ui/toast";
import { staffActor } from "~/modules/commands/command.server";
import { listMediaChoices } from "~/modules/media/media.server";
import { resetServices } from "~/modules/services/service-commands.server";
import { SERVICE_KIND, serviceVersions } from "~/modules/services/service-versions.server";
import { listServices } from "~/modules/services/services.server";
import { publishItem, saveDraft } from "~/modules/versions/drafts.server";
import { listDraftKeys } from "~/modules/versions/versions.server";
import { requireStaff } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/services";
import { draftNotice, draftPanelAction, loadDraftPanel } from "./drafts-post.server";
import type { ScheduleActionResult } from "./schedule-post.server";

export const meta: Route.MetaFunction = () => adminMeta("Services");

/** The spec's texts (sections 5 and 8). */
const RESET_CONFIRMATION = {
  title: "Reset services to defaults",
  description:
    "Are you sure you want to reset all services to the latest comprehensive defaults? This will overwrite all existing service data.",
  confirmLabel: "Reset services",
};
const SAVED = "Service updated successfully!";
const RESET_DONE = "Services reset to comprehensive defaults successfully!";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const url = new URL(request.url);
  const editing = url.searchParams.get("edit");
  const [services, mediaChoices, drafts, versioning] = await Promise.all([
    listServices(db),
    listMediaChoices(db),
    listDraftKeys(db, SERVICE_KIND),
    // Issue 29: the service being edited, with its draft over it (decision 0060).
    editing
      ? loadDraftPanel(
          db,
          serviceVersions,
          editing,
          `/admin/services/${encodeURIComponent(editing)}/preview`,
        )
      : undefined,
  ]);
  return {
    services,
    mediaChoices,
    editing,
    drafts,
    versioning,
    notice: draftNotice(url),
  };
}

type ActionResult = {
  message?: string;
  durationMs?: number;
  editing?: string;
  draft?: ServiceDraft;
  errors?: Record<string, string>;
  confirmation?: ReturnType<typeof confirmationRequest>;
  scheduleState?: ScheduleActionResult["scheduleState"];
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const form = await requireForm(request);
  const actor = staffActor(user);
  const { db } = runtimeFrom(context);

  if (form.get("intent") === "reset") {
    if (!isConfirmed(form)) {
      return { confirmation: confirmationRequest(form, RESET_CONFIRMATION) } satisfies ActionResult;
    }
    try {
      await resetServices(db, actor);
      return { message: RESET_DONE, durationMs: LONG_TOAST_MS } satisfies ActionResult;
    } catch (error) {
      return data(
        {
          message: `Error resetting services: ${(error as Error).message}`,
          durationMs: LONG_TOAST_MS,
        },
        { status: 500 },
      );
    }
  }

  const intent = form.get("intent");
  const panelAnswer = await draftPanelAction(
    db,
    actor,
    serviceVersions,
    form,
    String(form.get("id") ?? ""),
    "service",
  );
  if (panelAnswer) return panelAnswer;

  const draft = readServiceDraft(form);
  const listOp = parseListOp(form.get(LIST_OP_FIELD));
  if (listOp) {
    // A list button pressed without JavaScript: show the changed draft, save nothing yet.
    return { editing: draft.id, draft: applyServiceListOp(draft, listOp) } satisfies ActionResult;
  }
  const checked = validateServiceDraft(draft);
  if (!checked.ok) {
    return data(
      {
        message: "Error updating service: please correct the fields marked below.",
        editing: draft.id,
        draft: checked.draft,
        errors: checked.errors,
      } satisfies ActionResult,
      { status: 400 },
    );
  }
  const gone = data(
    { message: "Error updating service: this service no longer exists." } satisfies ActionResult,
    { status: 404 },
  );
  if (intent === "draft") {
    // Issue 29: the live page stays as it is until the draft is published (decision 0060).
    const saved = await saveDraft(db, actor, serviceVersions, checked.service.id, checked.service);
    if (saved === "missing") return gone;
    throw redirect(`/admin/services?edit=${encodeURIComponent(checked.service.id)}&drafted=1`);
  }
  const published = await publishItem(
    db,
    actor,
    serviceVersions,
    checked.service.id,
    checked.service,
  );
  if (!published.ok) return gone;
  return { message: SAVED } satisfies ActionResult;
}

export default function ServicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const editingId = result?.editing ?? (result?.message ? null : loaderData.editing);
  return (
    <>
      <PageHeader
        title="Services"
        description="The six service areas on the public site. Edit one at a time: a draft stays off the site until you publish it."
        actions={
          <Form method="post" action="/admin/services">
            <ConfirmSubmit
              name="intent"
              value="reset"
              className={buttonClasses.dangerOutline}
              {...RESET_CONFIRMATION}
            >
              Reset to defaults
            </ConfirmSubmit>
          </Form>
        }
      />
      <ActionMessage
        message={result?.message ?? loaderData.notice}
        trigger={result ?? loaderData.notice}
        durationMs={result?.durationMs}
      />
      <ConfirmationPanel request={result?.confirmation} cancelHref="/admin/services" />

      {loaderData.services.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-slate-700">
          No services are stored. Reset to defaults to restore the six service areas.
        </p>
      ) : null}
      <ul className="grid gap-6">
        {loaderData.services.map((service) => (
          <li key={service.id}>
            {service.id === editingId ? (
              <div className="grid gap-6 xl:grid-cols-[1fr_20rem] xl:items-start">
                <div className="min-w-0">
                  <ServiceEditor
                    // A new draft (from the server) starts the editor afresh.
                    key={JSON.stringify(result?.draft ?? loaderData.versioning?.item ?? service.id)}
                    draft={
                      result?.editing === service.id && result.draft
                        ? result.draft
                        : draftOf(loaderData.versioning?.item ?? service)
                    }
                    errors={result?.editing === service.id ? (result.errors ?? {}) : {}}
                    mediaChoices={loaderData.mediaChoices}
                  />
                </div>
                {loaderData.versioning ? (
                  <DraftPanel
                    here="/admin/services"
                    hidden={{ id: service.id }}
                    {...loaderData.versioning.panel}
                    scheduleState={result?.scheduleState}
                  />
                ) : null}
              </div>
            ) : (
              <ServiceCard service={service} hasDraft={loaderData.drafts.includes(service.id)} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
