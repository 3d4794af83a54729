import { z } from "zod";

/**
 * A pager link's place in the list: the neighbouring page's person as `<lastSeenAt>~<id>`, so that
 * "Next" and "Previous" seek the list's index instead of counting past every earlier person.
 * Anything else is ignored (the page number alone then places the page).
 */
const cursorSchema = z
  .string()
  .max(200)
  .transform((text) => {
    const [lastSeenAt = "", id = "", ...rest] = text.split("~");
    return lastSeenAt && id && rest.length === 0 ? { lastSeenAt, id } : undefined;
  })
  .optional()
  .catch(undefined);

/** The people page's view in the URL (q, tag, page), also taken by its CSV export. */
export const peopleQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  tag: z.string().trim().toLowerCase().max(40).catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export const cursorText = (cursor: { lastSeenAt: string; id: string }) =>
  `${cursor.lastSeenAt}~${cursor.id}`;

/** The pager's cursors of a people page's URL. */
export function parsePeopleCursors(params: URLSearchParams) {
  return {
    after: cursorSchema.parse(params.get("after") ?? undefined),
    before: cursorSchema.parse(params.get("before") ?? undefined),
  };
}

export type PeopleQuery = z.output<typeof peopleQuerySchema>;

export function parsePeopleQuery(params: URLSearchParams): PeopleQuery {
  return peopleQuerySchema.parse({
    q: params.get("q") ?? undefined,
    tag: params.get("tag") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

export function peopleSearch(
  query: PeopleQuery,
  changes: Partial<PeopleQuery> = {},
  cursor: { after?: string; before?: string } = {},
): string {
  const view = { ...query, ...changes };
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.tag) params.set("tag", view.tag);
  if (view.page > 1) params.set("page", String(view.page));
  if (cursor.after) params.set("after", cursor.after);
  if (cursor.before) params.set("before", cursor.before);
  const text = params.toString();
  return text ? `?${text}` : "";
}
