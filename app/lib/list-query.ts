import type { z } from "zod";

/*
 * An admin list's view in the URL (the inbox, the applications): its parameters are read with a
 * Zod schema whose fields fall back to their defaults (`.catch`), so an old or hand-edited link
 * still opens the list, and written back leaving the defaults out, so the list's plain address
 * stays plain. Back, refresh, a shared link and the CSV export all see the same view.
 */

/** A list view: each parameter a text or a number. */
export type ListQuery = Record<string, string | number>;

/** The view a URL asks for: each of the schema's fields read from the parameter of its name. */
export function parseListQuery<Schema extends z.ZodObject>(
  schema: Schema,
  params: URLSearchParams,
): z.output<Schema> {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) raw[key] = params.get(key) ?? undefined;
  return schema.parse(raw);
}

/**
 * The query string of a view with `changes` applied ("?q=acme&sort=company"), each parameter in
 * the order of `defaults` and left out when it has its default or is empty; "" for the default
 * view.
 */
export function listSearch<Query extends ListQuery>(
  defaults: Query,
  query: Query,
  changes: Partial<Query> = {},
): string {
  const view = { ...query, ...changes };
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults) as (keyof Query & string)[]) {
    const value = view[key];
    if (value !== defaults[key] && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
