import { createReadableStreamFromReadable } from "@react-router/node";
import {
  applicationCsvStream,
  applicationExportFileName,
} from "~/modules/applications/application-export.server";
import {
  applicationFiltersOf,
  parseApplicationQuery,
} from "~/modules/applications/application-query";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/applications.export";

/**
 * GET /admin/applications/export.csv with the list's parameters: exactly the list the staff
 * member is looking at (all its pages), in the same order, streamed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  const query = parseApplicationQuery(new URL(request.url).searchParams);
  const csv = applicationCsvStream(runtimeFrom(context).db, applicationFiltersOf(query));
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${applicationExportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
