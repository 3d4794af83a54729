import { type SqlBool, sql } from "kysely";
import type { DB } from "~/db/client.server";
import type { Page } from "~/db/paging";

/*
 * People (issue 26, docs/decisions/0057-people.md): one row per lower-case e-mail address in
 * `people`, kept by triggers on the record tables (migration 0024). What the list's paths
 * (people.server.ts, people-search.server.ts) share: a person's summary, a page of them and its
 * place in the list's order (most recently seen first, then by id).
 */

export interface PersonSummary {
  id: string;
  email: string;
  name: string;
  company: string;
  firstSeenAt: string;
  lastSeenAt: string;
  tags: string[];
}

export interface PeopleFilters {
  q?: string;
  tag?: string;
}

/** Where a page of the list starts or ends: a person's place in the list's order. */
export interface PeopleCursor {
  lastSeenAt: string;
  id: string;
}

export interface PeoplePage extends Page<PersonSummary> {
  /** More people match than `total`: the list holds the `total` most recently seen of them. */
  capped: boolean;
  /** Where the neighbouring pages start (the pager's links read them by keyset, not offset). */
  after?: PeopleCursor;
  before?: PeopleCursor;
}

/** The trimmed, lower-case address a person is known by. */
export const personEmail = (email: string) => email.trim().toLowerCase();

export const SUMMARY_COLUMNS = [
  "id",
  "email",
  "name",
  "company",
  "firstSeenAt",
  "lastSeenAt",
] as const;

/** The rows with their tags (one query for the lot). */
export async function withTags(
  db: DB,
  rows: Omit<PersonSummary, "tags">[],
): Promise<PersonSummary[]> {
  const tags = new Map<string, string[]>();
  if (rows.length > 0) {
    const found = await db
      .selectFrom("personTags")
      .select(["personId", "tag"])
      .where(
        "personId",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("tag")
      .execute();
    for (const { personId, tag } of found) tags.set(personId, [...(tags.get(personId) ?? []), tag]);
  }
  return rows.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] }));
}

/** The page's rows (in the list's order) for ids already in that order. */
export async function rowsOf(db: DB, ids: string[]): Promise<PersonSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("people")
    .select(SUMMARY_COLUMNS)
    .where("id", "in", ids)
    .orderBy("lastSeenAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return withTags(db, rows);
}

export const positionOf = (row: PeopleCursor): PeopleCursor => ({
  lastSeenAt: row.lastSeenAt,
  id: row.id,
});

/** The list's order (most recently seen first, then by id) as a comparison for sort(). */
export const byListOrder = (a: PeopleCursor, b: PeopleCursor) =>
  a.lastSeenAt === b.lastSeenAt
    ? b.id < a.id
      ? -1
      : b.id > a.id
        ? 1
        : 0
    : b.lastSeenAt < a.lastSeenAt
      ? -1
      : 1;

/** The person has the tag (its (personId, tag) key). */
export const tagExists = (tag: string) =>
  sql<SqlBool>`exists (select 1 from "personTags" where "personTags"."personId" = "people"."id" and "personTags"."tag" = ${tag})`;
