import { data, Form, Link, redirect } from "react-router";
import {
  CareerCard,
  CareerForm,
  type CareerValues,
  CLEAR_CONFIRMATION,
  careerValuesOf,
  DELETE_CONFIRMATION,
  EMPTY_CAREER_VALUES,
} from "~/components/admin/careers/career-views";
import { buttonClasses } from "~/components/admin/forms";
import { AdminErrorBoundary, adminMeta, PageHeader, Panel } from "~/components/admin/page";
import { DraftPanel } from "~/components/admin/versions/draft-panel";
import {
  ConfirmationPanel,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { formatIndiaDate } from "~/lib/india-format";
import {
  CAREER_STATUS_LABELS,
  type CareerStatus,
  careerInputSchema,
  careerStatusChangeSchema,
  linesToList,
} from "~/modules/careers/career.schema";
import { addCareer, clearCareers, removeCareer } from "~/modules/careers/career-commands.server";
import {
  changePostingStatus,
  POSTING_KIND,
  postingVersions,
} from "~/modules/careers/career-versions.server";
import { listCareers } from "~/modules/careers/careers.server";
import { staffActor } from "~/modules/commands/command.server";
import { publishItem, saveDraft } from "~/modules/versions/drafts.server";
import { listDraftKeys } from "~/modules/versions/versions.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/careers";
import { draftNotice, draftPanelAction, loadDraftPanel } from "./drafts-post.server";
import type { ScheduleActionResult } from "./schedule-post.server";

export const meta: Route.MetaFunction = () => adminMeta("Careers");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const { db } = runtimeFrom(context);
  const careers = await listCareers(db);
  const editId = url.searchParams.get("edit");
  const editing = url.searchParams.get("new") === "1" ? "new" : editId;
  if (editId && !careers.some((career) => career.id === editId)) {
    throw data({ error: "No such career posting." }, { status: 404 });
  }
  const [drafts, versioning] = await Promise.all([
    listDraftKeys(db, POSTING_KIND),
    // Issue 29: the posting being edited, with its draft over it (decision 0060).
    editId
      ? loadDraftPanel(
          db,
          postingVersions,
          editId,
          `/admin/careers/${encodeURIComponent(editId)}/preview`,
        )
      : undefined,
  ]);
  return {
    careers,
    editing,
    drafts,
    versioning,
    notice: draftNotice(url),
  };
}

type ActionResult = {
  message?: string;
  editing?: string;
  values?: CareerValues;
  errors?: Record<string, string>;
  confirmation?: ReturnType<typeof confirmationRequest>;
  scheduleState?: ScheduleActionResult["scheduleState"];
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  const intent = form.get("intent");
  const actor = staffActor(user);

  if (intent === "delete") {
    if (!isConfirmed(form)) return { confirmation: confirmationRequest(form, DELETE_CONFIRMATION) };
    if (!(await removeCareer(db, actor, String(form.get("id") ?? "")))) {
      return data(
        { message: "Error deleting career posting: it no longer exists." } satisfies ActionResult,
        { status: 404 },
      );
    }
    return { message: "Career posting deleted successfully!" } satisfies ActionResult;
  }

  if (intent === "status") {
    const parsed = careerStatusChangeSchema.safeParse({
      id: form.get("id") ?? "",
      status: form.get("status") ?? "",
    });
    if (!parsed.success) {
      return data(
        {
          message: `Error changing career posting: ${parsed.error.issues[0]?.message}`,
        } satisfies ActionResult,
        { status: 400 },
      );
    }
    return statusAnswer(await changePostingStatus(db, actor, parsed.data));
  }

  if (intent === "clear") {
    if (!isConfirmed(form)) return { confirmation: confirmationRequest(form, CLEAR_CONFIRMATION) };
    try {
      await clearCareers(db, actor);
      return { message: "All career postings have been cleared!" } satisfies ActionResult;
    } catch (error) {
      return data(
        { message: `Error clearing careers: ${(error as Error).message}` } satisfies ActionResult,
        { status: 500 },
      );
    }
  }

  const id = String(form.get("id") ?? "");
  const panelAnswer = await draftPanelAction(db, actor, postingVersions, form, id, "posting");
  if (panelAnswer) return panelAnswer;

  // Save (add or edit).
  // The lists are edited one item per line.
  const parsed = parseForm(careerInputSchema, form, {
    input: (values) => ({
      ...values,
      requirements: linesToList(String(values.requirements)),
      responsibilities: linesToList(String(values.responsibilities)),
      benefits: linesToList(String(values.benefits)),
    }),
  });
  if (!parsed.success) {
    return data(
      {
        message: "Error saving career posting: please correct the fields marked below.",
        editing: id || "new",
        values: parsed.values as CareerValues,
        errors: parsed.errors,
      } satisfies ActionResult,
      { status: 400 },
    );
  }
  if (id) {
    const gone = data(
      { message: "Error saving career posting: it no longer exists." } satisfies ActionResult,
      { status: 404 },
    );
    const live = await postingVersions.load(db, id);
    if (!live) return gone;
    const posting = { ...live, ...parsed.data, closingDate: parsed.data.closingDate ?? "" };
    if (intent === "draft") {
      // Issue 29: a posting on the site keeps the edits as a draft until they are published.
      const saved = await saveDraft(db, actor, postingVersions, id, posting);
      if (saved === "missing") return gone;
      if (saved === "drafted") {
        throw redirect(`/admin/careers?edit=${encodeURIComponent(id)}&drafted=1`);
      }
      return { message: "Career posting updated successfully!" } satisfies ActionResult;
    }
    // "Update Position": on the site now; a posting with a page keeps a version of it.
    const done =
      postingVersions.isLive(live) || postingVersions.isLive(posting)
        ? (await publishItem(db, actor, postingVersions, id, posting)).ok
        : (await saveDraft(db, actor, postingVersions, id, posting)) !== "missing";
    if (!done) return gone;
    return { message: "Career posting updated successfully!" } satisfies ActionResult;
  }
  await addCareer(db, actor, parsed.data);
  return { message: "Career posting added successfully!" } satisfies ActionResult;
}

/** What a status button did, in words (Publish, Close, Reopen). */
const STATUS_CHANGED: Record<CareerStatus, string> = {
  active: "Career posting published: it shows on the Careers page and takes applications.",
  closed: "Career posting closed: it no longer takes applications and leaves the Careers page.",
  draft: "Career posting unpublished: it is a draft again, hidden from the public site.",
};

function statusAnswer(result: Awaited<ReturnType<typeof changePostingStatus>>) {
  switch (result.outcome) {
    case "missing":
      return data(
        { message: "Error changing career posting: it no longer exists." } satisfies ActionResult,
        { status: 404 },
      );
    case "closing-date-passed":
      return data(
        {
          message: `Error publishing career posting: its closing date (${formatIndiaDate(result.career.closingDate)}) has passed. Edit it to choose a later date or none, then publish it.`,
        } satisfies ActionResult,
        { status: 409 },
      );
    case "unchanged":
      return {
        message: `Career posting is already ${CAREER_STATUS_LABELS[result.career.status]}.`,
      } satisfies ActionResult;
    case "changed":
      return {
        message:
          result.from === "closed" && result.career.status === "active"
            ? "Career posting reopened: it shows on the Careers page and takes applications again."
            : STATUS_CHANGED[result.career.status],
      } satisfies ActionResult;
  }
}

export default function CareersPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const { careers } = loaderData;
  const editing = result?.editing ?? (result?.message ? null : loaderData.editing);
  const editedCareer =
    loaderData.versioning && loaderData.versioning.item.id === editing
      ? loaderData.versioning.item
      : careers.find((career) => career.id === editing);
  const formValues =
    result?.values ??
    (editedCareer ? careerValuesOf(editedCareer) : editing === "new" ? EMPTY_CAREER_VALUES : null);

  return (
    <>
      <PageHeader
        title="Careers"
        description="Job postings. New postings start as drafts: publish one from its card when it is ready. Only active postings show on the public Careers page."
        actions={
          <>
            <Link to="/admin/careers?new=1" className={buttonClasses.primary}>
              Add New Position
            </Link>
            {careers.length > 0 ? (
              <Form method="post" action="/admin/careers">
                <ConfirmSubmit
                  name="intent"
                  value="clear"
                  className={buttonClasses.dangerOutline}
                  {...CLEAR_CONFIRMATION}
                >
                  Clear All
                </ConfirmSubmit>
              </Form>
            ) : null}
          </>
        }
      />
      <ActionMessage
        message={result?.message ?? loaderData.notice}
        trigger={result ?? loaderData.notice}
      />
      <ConfirmationPanel request={result?.confirmation} cancelHref="/admin/careers" />

      {editing && formValues ? (
        <div className="grid gap-6 xl:grid-cols-[1fr_20rem] xl:items-start">
          <div className="min-w-0">
            <CareerForm
              key={`${editing}-${JSON.stringify(result?.values ?? null)}`}
              id={editing === "new" ? "" : editing}
              values={formValues}
              errors={result?.errors ?? {}}
              hasPage={loaderData.versioning?.panel.published}
            />
          </div>
          {loaderData.versioning && editing !== "new" ? (
            <DraftPanel
              here="/admin/careers"
              hidden={{ id: editing }}
              {...loaderData.versioning.panel}
              scheduleState={result?.scheduleState}
            />
          ) : null}
        </div>
      ) : null}

      {careers.length === 0 ? (
        <Panel>
          <p className="text-slate-700">No career postings yet. Add a position to start hiring.</p>
        </Panel>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {careers.map((career) => (
            <li key={career.id}>
              <CareerCard career={career} hasDraft={loaderData.drafts.includes(career.id)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
