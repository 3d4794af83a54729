import { z } from "zod";

/** The funnel's view in the URL: split by source or campaign, of the first or latest visit. */
export const funnelQuerySchema = z.object({
  by: z.enum(["source", "campaign"]).catch("source"),
  touch: z.enum(["first", "latest"]).catch("first"),
  months: z.coerce.number().int().min(1).max(24).catch(6),
});

export type FunnelQuery = z.output<typeof funnelQuerySchema>;

export function parseFunnelQuery(params: URLSearchParams): FunnelQuery {
  return funnelQuerySchema.parse({
    by: params.get("by") ?? undefined,
    touch: params.get("touch") ?? undefined,
    months: params.get("months") ?? undefined,
  });
}

export function funnelSearch(query: FunnelQuery): string {
  return `?${new URLSearchParams({ by: query.by, touch: query.touch, months: String(query.months) })}`;
}

/** The funnel's figures, in order, with the words the page, chart and CSV use. */
export const FUNNEL_STEPS = [
  { key: "leads", label: "Leads" },
  { key: "booked", label: "Consultations booked" },
  { key: "held", label: "Consultations held" },
  { key: "qualified", label: "Now qualified" },
  { key: "closed", label: "Now closed" },
] as const;

export type FunnelStep = (typeof FUNNEL_STEPS)[number]["key"];

/** Records that arrived without a recorded source. */
export const NOT_RECORDED = "(not recorded)";
