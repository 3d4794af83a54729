import { data, redirect } from "react-router";
import { LeadSourcePanel } from "~/components/admin/attribution/lead-source-panel";
import { EnquiryDetailView } from "~/components/admin/enquiries/enquiry-detail-view";
import { DELETE_CONFIRMATION } from "~/components/admin/enquiries/enquiry-panels";
import { adminMeta } from "~/components/admin/page";
import { ConsentPanel } from "~/components/admin/privacy/consent-panel";
import type { RecordActionResult } from "~/components/admin/record/record-panels";
import { confirmationRequest, isConfirmed } from "~/components/ui/confirm-dialog";
import { getLeadSource } from "~/modules/attribution/lead-sources.server";
import {
  ENQUIRY_STATUS_LABELS,
  enquiryNoteSchema,
  enquiryStatusSchema,
} from "~/modules/enquiries/enquiry.schema";
import {
  addNoteAsStaff,
  changeEnquiryStatus,
  restoreFromSpam,
} from "~/modules/enquiries/inbox.server";
import { inboxSearch, parseInboxQuery } from "~/modules/enquiries/inbox-query";
import { getEnquiryDetail } from "~/modules/leads/enquiry-detail.server";
import { deleteEnquiryAsStaff } from "~/modules/leads/enquiry-removal.server";
import { consentsOf } from "~/modules/privacy/consent-ledger.server";
import { requireStaff } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/enquiries.$id";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Enquiry from ${loaderData.detail.enquiry.fullName}` : "Enquiry");

/** The list view the visitor came from (its parameters travel with the detail page's URL). */
const listSearchOf = (request: Request) =>
  inboxSearch(parseInboxQuery(new URL(request.url).searchParams));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const detail = await getEnquiryDetail(db, params.id);
  if (!detail) throw data(null, { status: 404 });
  const leadSource = await getLeadSource(db, { enquiryId: params.id });
  const consents = await consentsOf(db, detail.enquiry.email);
  return { detail, leadSource, consents, listSearch: listSearchOf(request) };
}

/** The visitor holds an invitation for it: the booking is cancelled first, which tells them. */
export const ENQUIRY_WITH_UPCOMING_BOOKING =
  "Error: This enquiry has a consultation still to take place. Cancel the booking first (the visitor is e-mailed), then delete the enquiry.";

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const actor = { id: user.id, name: user.name || user.username };
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  const intent = form.get("intent");

  if (intent === "status") {
    const status = enquiryStatusSchema.safeParse(form.get("status"));
    if (!status.success) {
      return data(
        { message: `Error updating status: ${status.error.issues[0]?.message}` },
        { status: 400 },
      );
    }
    const outcome = await changeEnquiryStatus(db, params.id, status.data, actor);
    if (outcome === "missing") throw data(null, { status: 404 });
    const label = ENQUIRY_STATUS_LABELS[status.data];
    return {
      message:
        outcome === "changed" ? `Status changed to ${label}.` : `Status is already ${label}.`,
    };
  }

  if (intent === "note") {
    const note = enquiryNoteSchema.safeParse({ body: form.get("body") ?? "" });
    if (!note.success) {
      return data(
        {
          noteError: note.error.issues[0]?.message ?? "Note is required",
          noteBody: String(form.get("body") ?? ""),
        },
        { status: 400 },
      );
    }
    if (!(await addNoteAsStaff(db, params.id, note.data.body, actor))) {
      throw data(null, { status: 404 });
    }
    return { message: "Note added.", noteAdded: true };
  }

  if (intent === "restore") {
    if (!(await restoreFromSpam(db, params.id, actor))) throw data(null, { status: 404 });
    return { message: "Moved to the inbox." };
  }

  if (intent === "delete") {
    if (!isConfirmed(form)) {
      return { confirmation: confirmationRequest(form, DELETE_CONFIRMATION) };
    }
    const deletion = await deleteEnquiryAsStaff(db, params.id, actor);
    if (deletion === "not_found") throw data(null, { status: 404 });
    if (deletion === "booked") {
      return data({ message: ENQUIRY_WITH_UPCOMING_BOOKING }, { status: 409 });
    }
    const back = new URLSearchParams(listSearchOf(request));
    back.set("notice", "deleted");
    throw redirect(`/admin/enquiries?${back}`);
  }

  return data({ message: "Error: unknown request." }, { status: 400 });
}

export default function EnquiryDetail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <EnquiryDetailView
        detail={loaderData.detail}
        listSearch={loaderData.listSearch}
        result={actionData as RecordActionResult | undefined}
      />
      <div className="mt-6">
        <LeadSourcePanel source={loaderData.leadSource} />
      </div>
      <div className="mt-6">
        <ConsentPanel rows={loaderData.consents} email={loaderData.detail.enquiry.email} />
      </div>
    </>
  );
}
