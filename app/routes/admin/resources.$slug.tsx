import { data, Form, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { ResourceForm, type ResourceFormState } from "~/components/admin/library/resource-form";
import { STATUS_BADGES } from "~/components/admin/library/resource-list";
import { ResourcePreview } from "~/components/admin/library/resource-preview";
import { Badge } from "~/components/admin/list/list-table";
import { AdminErrorBoundary, adminMeta, PageHeader, Panel } from "~/components/admin/page";
import { DraftPanel } from "~/components/admin/versions/draft-panel";
import {
  ConfirmationPanel,
  type ConfirmationRequest,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { formatFileSize } from "~/lib/format";
import { staffActor } from "~/modules/commands/command.server";
import {
  getResourceFileSummary,
  getResourceForAdmin,
} from "~/modules/library/resource-admin.server";
import {
  deleteResource,
  RESOURCE_MESSAGES,
  unpublishResource,
} from "~/modules/library/resource-commands.server";
import { LIBRARY_STATUS_LABELS } from "~/modules/library/resource-types";
import {
  publishResourceVersion,
  resourceVersions,
} from "~/modules/library/resource-versions.server";
import { requireStaff } from "~/web/guards.server";
import { isMultipart } from "~/web/multipart.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import { readResourcePost, savedMessage, saveResourcePost } from "~/web/resource-post.server";
import type { Route } from "./+types/resources.$slug";
import { draftNotice, draftPanelAction, loadDraftPanel } from "./drafts-post.server";
import type { ScheduleActionResult } from "./schedule-post.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.resource ? `Edit ${loaderData.resource.title}` : "Resource");

const DELETE_CONFIRMATION = {
  title: "Delete resource",
  description:
    "Are you sure you want to delete this resource? Its file is deleted with it and its download links stop working. This cannot be undone.",
  confirmLabel: "Delete",
};

type ActionResult = {
  message?: string;
  state?: ResourceFormState;
  confirmation?: ConfirmationRequest;
  scheduleState?: ScheduleActionResult["scheduleState"];
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const resource = await getResourceForAdmin(db, params.slug);
  if (!resource) throw data({ error: "No such resource." }, { status: 404 });
  const url = new URL(request.url);
  // Issue 29: the draft (its file too), history, preview and schedules (decisions 0060, 0072).
  const versioning = await loadDraftPanel(
    db,
    resourceVersions,
    resource.slug,
    `/admin/resources/${encodeURIComponent(resource.slug)}/preview`,
  );
  const editing = versioning?.item ?? resource;
  return {
    resource,
    editing,
    editingFile: versioning?.panel.draft
      ? await getResourceFileSummary(db, editing.fileId)
      : resource.file,
    panel: versioning?.panel,
    message: savedMessage(url.searchParams.get("saved")) ?? draftNotice(url),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const actor = staffActor(user);
  const reply = (result: ActionResult, status = 200) => data(result, { status });

  // The resource form (a multipart post without JavaScript).
  if (isMultipart(request)) {
    const read = await readResourcePost(request);
    const answer =
      "refused" in read ? read.refused : await saveResourcePost(db, actor, read.post, params.slug);
    if (answer.ok) return redirect(answer.location);
    return reply({ state: answer.state }, answer.status);
  }

  const form = await requireForm(request);
  const intent = form.get("intent");
  const current = await getResourceForAdmin(db, params.slug);
  if (intent !== "publish" || current?.status === "published") {
    // A published resource's "Publish draft", "Discard draft", schedules (issue 29).
    const answer = await draftPanelAction(
      db,
      actor,
      resourceVersions,
      form,
      params.slug,
      "resource",
    );
    if (answer) return answer;
  }
  if (intent === "publish") {
    const outcome = await publishResourceVersion(db, actor, params.slug);
    if (outcome === "missing")
      return reply({ message: "Error: this resource no longer exists." }, 404);
    if (outcome === "no_file")
      return reply({ message: `Error: ${RESOURCE_MESSAGES.publishWithoutFile}` }, 400);
    return reply({ message: "Resource published: it now shows on the Resources page." });
  }
  if (intent === "unpublish") {
    const outcome = await unpublishResource(db, actor, params.slug);
    if (outcome === "missing")
      return reply({ message: "Error: this resource no longer exists." }, 404);
    return reply({ message: "Resource unpublished: it no longer shows on the Resources page." });
  }
  if (intent === "delete") {
    if (!isConfirmed(form))
      return reply({ confirmation: confirmationRequest(form, DELETE_CONFIRMATION) });
    const deleted = await deleteResource(db, actor, params.slug);
    if (!deleted) return reply({ message: "Error: this resource no longer exists." }, 404);
    return redirect(`/admin/resources?deleted=${encodeURIComponent(deleted.title)}`);
  }
  return reply({ message: "Error: unknown request." }, 400);
}

export default function EditResourcePage({ loaderData, actionData }: Route.ComponentProps) {
  const { resource, editing, editingFile, panel, message } = loaderData;
  const result = actionData as ActionResult | undefined;
  const published = resource.status === "published";
  const here = `/admin/resources/${resource.slug}`;
  return (
    <>
      <PageHeader
        title={resource.title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Badge colours={STATUS_BADGES[resource.status]}>
              {LIBRARY_STATUS_LABELS[resource.status]}
            </Badge>
            {published ? "Shows on the Resources page." : "A draft: not on the public site."}
          </span>
        }
        actions={
          <>
            <Link
              to={`/admin/seo/resource/${encodeURIComponent(resource.slug)}`}
              className={buttonClasses.secondary}
            >
              Search and social
            </Link>
            <Link to="/admin/resources" className={buttonClasses.secondary}>
              Back to resources
            </Link>
          </>
        }
      />
      <ActionMessage message={result?.message ?? message} trigger={result ?? message} />
      <ConfirmationPanel request={result?.confirmation} cancelHref={here} />

      <Panel title="File and publishing" className="mb-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-sm text-slate-800">
            {resource.file ? (
              <>
                <a
                  href={`${here}/file`}
                  className="font-medium text-blue-800 underline hover:text-blue-950"
                  download
                >
                  Download {resource.file.fileName}
                </a>{" "}
                ({formatFileSize(resource.file.byteSize)})
              </>
            ) : (
              "No file attached yet: attach one below to publish this resource."
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value={published ? "unpublish" : "publish"} />
              <button
                type="submit"
                className={published ? buttonClasses.secondary : buttonClasses.primary}
              >
                {published ? "Unpublish" : "Publish"}
              </button>
            </Form>
            <Form method="post">
              <ConfirmSubmit
                name="intent"
                value="delete"
                className={buttonClasses.dangerOutline}
                {...DELETE_CONFIRMATION}
              >
                Delete
              </ConfirmSubmit>
            </Form>
          </div>
        </div>
      </Panel>
      {panel ? <DraftPanel here={here} {...panel} scheduleState={result?.scheduleState} /> : null}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ResourceForm
          key={`${resource.updatedAt}-${panel?.draft?.savedAt ?? ""}`}
          values={{ ...editing, slug: resource.slug }}
          state={result?.state}
          currentSlug={resource.slug}
          published={published}
          currentFile={editingFile}
        />
        <ResourcePreview resource={editing} />
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
