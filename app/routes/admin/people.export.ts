import { createReadableStreamFromReadable } from "@react-router/node";
import { peopleCsvStream, peopleExportFileName } from "~/modules/people/people-export.server";
import { parsePeopleQuery } from "~/modules/people/people-query";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/people.export";

/** GET /admin/people/export.csv with the people page's search and tag. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  const query = parsePeopleQuery(new URL(request.url).searchParams);
  const csv = peopleCsvStream(runtimeFrom(context).db, { q: query.q, tag: query.tag });
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${peopleExportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
