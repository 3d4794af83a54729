import { createReadableStreamFromReadable } from "@react-router/node";
import { requireStaff } from "~/modules/auth/guards.server";
import { subscriberCsvStream, subscriberExportFileName } from "~/modules/newsletter/export.server";
import { parseSubscriberQuery } from "~/modules/newsletter/subscriber-query";
import { getDb } from "~/runtime.server";
import type { Route } from "./+types/subscribers.export";

/** GET /admin/subscribers/export.csv with the subscribers page's search and status. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, { respond: "status" });
  const query = parseSubscriberQuery(new URL(request.url).searchParams);
  const csv = subscriberCsvStream(getDb(), { q: query.q, status: query.status });
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${subscriberExportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
