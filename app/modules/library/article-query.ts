import { z } from "zod";
import { LIBRARY_STATUSES } from "./resource-types";

/** The admin article list's view in the URL (status, page); anything odd falls back. */
export const articleQuerySchema = z.object({
  status: z.enum(["all", ...LIBRARY_STATUSES]).catch("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type ArticleQuery = z.output<typeof articleQuerySchema>;

export function parseArticleQuery(params: URLSearchParams): ArticleQuery {
  return articleQuerySchema.parse({
    status: params.get("status") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

export function articleSearch(query: ArticleQuery, changes: Partial<ArticleQuery> = {}): string {
  const view = { ...query, ...changes };
  const params = new URLSearchParams();
  if (view.status !== "all") params.set("status", view.status);
  if (view.page > 1) params.set("page", String(view.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
