import { z } from "zod";

/** The people page's view in the URL (q, tag, page), also taken by its CSV export. */
export const peopleQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  tag: z.string().trim().toLowerCase().max(40).catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type PeopleQuery = z.output<typeof peopleQuerySchema>;

export function parsePeopleQuery(params: URLSearchParams): PeopleQuery {
  return peopleQuerySchema.parse({
    q: params.get("q") ?? undefined,
    tag: params.get("tag") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

export function peopleSearch(query: PeopleQuery, changes: Partial<PeopleQuery> = {}): string {
  const view = { ...query, ...changes };
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.tag) params.set("tag", view.tag);
  if (view.page > 1) params.set("page", String(view.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
