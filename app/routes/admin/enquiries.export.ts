import { createReadableStreamFromReadable } from "@react-router/node";
import { filtersOf, parseInboxQuery } from "~/modules/enquiries/inbox-query";
import { enquiryCsvStream, enquiryExportFileName } from "~/modules/leads/enquiry-export.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/enquiries.export";

/**
 * GET /admin/enquiries/export.csv with the inbox's parameters: exactly the list the staff member
 * is looking at (all its pages), in the same order, streamed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  const query = parseInboxQuery(new URL(request.url).searchParams);
  const csv = enquiryCsvStream(runtimeFrom(context).db, filtersOf(query));
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${enquiryExportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
