import { data } from "react-router";
import { calculatorEntry, calculatorPath } from "~/modules/calculators/catalogue";
import { CALCULATOR_MODULES } from "~/modules/calculators/registry";
import { breakdownPdf } from "~/modules/calculators/shared/breakdown-pdf.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/tools-pdf";

/*
 * /tools/:slug/breakdown.pdf?<inputs>: the breakdown of a calculator's inputs as a PDF, drawn on
 * request (nothing stored; a query string keeps it out of the page cache).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const calculator = CALCULATOR_MODULES[params.slug];
  const entry = calculatorEntry(params.slug);
  if (!calculator || !entry) throw data(null, { status: 404 });
  const query = new URL(request.url).searchParams;
  const read = calculator.readInputs(query);
  const computed = read.ok ? calculator.breakdown(read.input) : undefined;
  if (!computed?.ok) {
    return new Response(
      "The calculator's figures need attention: open the calculator to correct them.",
      { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  const { db, config } = runtimeFrom(context);
  const settings = await getGeneralSettings(db);
  const search = query.toString();
  const bytes = await breakdownPdf(computed.breakdown, {
    siteName: settings.siteName,
    email: settings.email,
    phone: settings.phone,
    pageUrl: `${config.baseUrl}${calculatorPath(entry.slug)}${search ? `?${search}` : ""}`,
  });
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${entry.slug}-breakdown.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
