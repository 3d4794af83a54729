import { z } from "zod";
import { LIBRARY_STATUSES, RESOURCE_TYPES } from "./resource-types";

/** The admin's resource list view in the URL (type, status, page). */
export const resourceQuerySchema = z.object({
  type: z.enum(["all", ...RESOURCE_TYPES]).catch("all"),
  status: z.enum(["all", ...LIBRARY_STATUSES]).catch("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type ResourceQuery = z.output<typeof resourceQuerySchema>;

export function parseResourceQuery(params: URLSearchParams): ResourceQuery {
  return resourceQuerySchema.parse({
    type: params.get("type") ?? undefined,
    status: params.get("status") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** The query string of a view ("" for the unfiltered first page). */
export function resourceSearch(query: ResourceQuery, changes: Partial<ResourceQuery> = {}): string {
  const view = { ...query, ...changes };
  const params = new URLSearchParams();
  if (view.type !== "all") params.set("type", view.type);
  if (view.status !== "all") params.set("status", view.status);
  if (view.page > 1) params.set("page", String(view.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
