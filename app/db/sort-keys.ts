import { type RawBuilder, sql } from "kysely";

/*
 * The sort keys of the admin's lists (the inbox, the applications). Every key is text, so a
 * CSV export's keyset comparison (afterPosition in paging.ts) works the same for each. Each
 * writes the same SQL every time, with literals rather than parameters, so that an index on the
 * expression (migration 0005's on the inbox) is the one a query uses.
 */

/** A name or title, case-insensitively. */
export const lowerKey = (column: string): RawBuilder<string> =>
  sql<string>`lower(${sql.ref(column)})`;

/** A column as stored (an ISO date orders as its text). */
export const storedKey = (column: string): RawBuilder<string> => sql<string>`${sql.ref(column)}`;

/**
 * A status by its place in the workflow (`order`), not alphabetically: "0", "1", …, and any
 * value not in it after them all.
 */
export function rankKey(column: string, order: readonly string[]): RawBuilder<string> {
  return sql<string>`(case ${sql.ref(column)} ${sql.join(
    order.map((value, rank) => sql`when ${sql.lit(value)} then ${sql.lit(String(rank))}`),
    sql` `,
  )} else ${sql.lit(String(order.length))} end)`;
}
