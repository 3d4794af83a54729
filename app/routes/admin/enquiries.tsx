import { InboxView } from "~/components/admin/enquiries/inbox-view";
import { adminMeta } from "~/components/admin/page";
import { leadSourceChoices } from "~/modules/attribution/lead-sources.server";
import { consultationsOfEnquiries } from "~/modules/bookings/enquiry-consultations.server";
import { countEnquiriesByStatus } from "~/modules/enquiries/enquiry-stats.server";
import { listEnquiries } from "~/modules/enquiries/inbox-list.server";
import { filtersOf, parseInboxQuery } from "~/modules/enquiries/inbox-query";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/enquiries";

export const meta: Route.MetaFunction = () => adminMeta("Enquiries");

/** Messages a page that redirected here asks the list to show (?notice=…). */
const NOTICES: Record<string, string> = {
  deleted: "Enquiry deleted.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const url = new URL(request.url);
  const query = parseInboxQuery(url.searchParams);
  const { db } = runtimeFrom(context);
  const [list, counts, spam, sourceChoices] = await Promise.all([
    listEnquiries(db, { ...filtersOf(query), page: query.page }),
    countEnquiriesByStatus(db),
    listEnquiries(db, { spam: true, pageSize: 1 }),
    leadSourceChoices(db, "enquiryId"),
  ]);
  return {
    query: { ...query, page: list.page },
    list,
    // The slots of the page's enquiries made by booking, in one query.
    consultations: await consultationsOfEnquiries(db, list.items),
    counts,
    spamCount: spam.total,
    notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
    // Erasing a person is for admins (enquiries.erase.tsx): editors are not offered it.
    canErase: user.role === "admin",
    sourceChoices,
  };
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  return <InboxView {...loaderData} />;
}
