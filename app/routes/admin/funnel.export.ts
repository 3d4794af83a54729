import { funnelReport } from "~/modules/funnel/funnel.server";
import { funnelCsv, funnelExportFileName } from "~/modules/funnel/funnel-export.server";
import { parseFunnelQuery } from "~/modules/funnel/funnel-query";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/funnel.export";

/** GET /admin/funnel/export.csv with the funnel page's view. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  const query = parseFunnelQuery(new URL(request.url).searchParams);
  const report = await funnelReport(runtimeFrom(context).db, query);
  return new Response(funnelCsv(report, query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${funnelExportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
