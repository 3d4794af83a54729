import { createReadableStreamFromReadable } from "@react-router/node";
import { subscriberCsvStream, subscriberExportFileName } from "~/modules/newsletter/export.server";
import { parseSubscriberQuery } from "~/modules/newsletter/subscriber-query";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/subscribers.export";

/** GET /admin/subscribers/export.csv with the subscribers page's search and status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  const query = parseSubscriberQuery(new URL(request.url).searchParams);
  const csv = subscriberCsvStream(runtimeFrom(context).db, { q: query.q, status: query.status });
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${subscriberExportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
