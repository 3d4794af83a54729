import { csvLines } from "~/lib/csv-stream.server";
import { indiaDateKey } from "~/lib/india-format";
import type { FunnelReport } from "./funnel.server";
import { FUNNEL_STEPS, type FunnelQuery } from "./funnel-query";

export const funnelExportFileName = (now: Date = new Date()) => `funnel_${indiaDateKey(now)}.csv`;

/**
 * The funnel as CSV (byte-order mark, formulas neutralised): a row per month and source or
 * campaign, then a total row per month with the visits, which the counters cannot split.
 */
export function funnelCsv(report: FunnelReport, query: FunnelQuery): string {
  const by = query.by === "source" ? "Source" : "Campaign";
  const header = [
    "Month",
    `${by} (${query.touch} visit)`,
    "Visits",
    ...FUNNEL_STEPS.map((s) => s.label),
  ];
  const rows = report.rows.map((row) => [
    row.month,
    row.key,
    "",
    ...FUNNEL_STEPS.map((step) => String(row[step.key])),
  ]);
  const totals = report.months.map((month) => [
    month.month,
    "All (total)",
    String(month.visits),
    ...FUNNEL_STEPS.map((step) => String(month[step.key])),
  ]);
  return `\uFEFF${csvLines([header, ...rows, ...totals])}`;
}
