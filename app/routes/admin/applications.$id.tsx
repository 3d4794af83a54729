import { data, redirect } from "react-router";
import { ApplicationDetailView } from "~/components/admin/applications/application-detail-view";
import { DELETE_APPLICATION_CONFIRMATION } from "~/components/admin/applications/application-panels";
import { LeadSourcePanel } from "~/components/admin/attribution/lead-source-panel";
import { adminMeta } from "~/components/admin/page";
import type { RecordActionResult } from "~/components/admin/record/record-panels";
import { confirmationRequest, isConfirmed } from "~/components/ui/confirm-dialog";
import {
  addApplicationNote,
  changeApplicationStatus,
  deleteApplicationAsStaff,
  restoreApplicationFromSpam,
} from "~/modules/applications/application-commands.server";
import { getApplicationDetail } from "~/modules/applications/application-detail.server";
import { applicationSearch, parseApplicationQuery } from "~/modules/applications/application-query";
import {
  applicationNoteSchema,
  applicationStatusSchema,
} from "~/modules/applications/application-review.schema";
import { APPLICATION_STATUS_LABELS } from "~/modules/applications/application-status";
import { getLeadSource } from "~/modules/attribution/lead-sources.server";
import { staffActor } from "~/modules/commands/command.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/applications.$id";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(
    loaderData ? `Application from ${loaderData.detail.application.fullName}` : "Application",
  );

/** The list view the staff member came from (its parameters travel with this page's URL). */
const listSearchOf = (request: Request) =>
  applicationSearch(parseApplicationQuery(new URL(request.url).searchParams));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const detail = await getApplicationDetail(db, params.id);
  if (!detail) throw data(null, { status: 404 });
  const leadSource = await getLeadSource(db, { applicationId: params.id });
  return { detail, leadSource, listSearch: listSearchOf(request) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const actor = staffActor(user);
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  const intent = form.get("intent");
  const id = params.id;

  if (intent === "status") {
    const parsed = parseForm(applicationStatusSchema, form);
    if (!parsed.success) {
      return data<RecordActionResult>(
        { message: `Error updating status: ${parsed.errors.status}` },
        { status: 400 },
      );
    }
    const { status } = parsed.data;
    const outcome = await changeApplicationStatus(db, actor, { id, status });
    if (outcome === "missing") throw data(null, { status: 404 });
    const label = APPLICATION_STATUS_LABELS[status];
    return {
      message:
        outcome === "changed" ? `Status updated to ${label}.` : `Status is already ${label}.`,
    } satisfies RecordActionResult;
  }

  if (intent === "note") {
    const parsed = parseForm(applicationNoteSchema, form);
    if (!parsed.success) {
      return data<RecordActionResult>(
        { noteError: parsed.errors.body, noteBody: String(parsed.values.body ?? "") },
        { status: 400 },
      );
    }
    if (!(await addApplicationNote(db, actor, { id, body: parsed.data.body }))) {
      throw data(null, { status: 404 });
    }
    return { message: "Note added.", noteAdded: true } satisfies RecordActionResult;
  }

  if (intent === "restore") {
    if (!(await restoreApplicationFromSpam(db, actor, { id }))) throw data(null, { status: 404 });
    return { message: "Moved to the applications." } satisfies RecordActionResult;
  }

  if (intent === "delete") {
    if (!isConfirmed(form)) {
      return {
        confirmation: confirmationRequest(form, DELETE_APPLICATION_CONFIRMATION),
      } satisfies RecordActionResult;
    }
    if (!(await deleteApplicationAsStaff(db, actor, { id }))) throw data(null, { status: 404 });
    const back = new URLSearchParams(listSearchOf(request));
    back.set("notice", "deleted");
    throw redirect(`/admin/applications?${back}`);
  }

  return data<RecordActionResult>({ message: "Error: unknown request." }, { status: 400 });
}

export default function ApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ApplicationDetailView
        detail={loaderData.detail}
        listSearch={loaderData.listSearch}
        result={actionData}
      />
      <div className="mt-6">
        <LeadSourcePanel source={loaderData.leadSource} />
      </div>
    </>
  );
}
