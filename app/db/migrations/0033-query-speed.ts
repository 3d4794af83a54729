import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { dialectOf } from "../dialect.ts";

/*
 * Query speed at scale, issues 26 and 29 (docs/decisions/0065-query-speed.md).
 *
 * - PostgreSQL: the site search's `searchVector` is stored in its row (`storage main`), not in
 *   TOAST. A document's row is larger than 2 kB, so PostgreSQL moved the vector, its largest
 *   field after the body, out of line; ranking or rechecking a match then read it from the TOAST
 *   table and decompressed it, and a word in nearly every document did that 10,000 times. Every
 *   row is rewritten once, so that the stored vectors move too (the update recomputes them).
 * - SQLite: the people list's index of (lastSeenAt, id) also holds `searchText`, so a broad
 *   search walks the list's order testing each person in the index alone (no row read), and a
 *   short one reads the narrow index rather than the table. PostgreSQL keeps its index as it is:
 *   a btree entry is limited to 2,704 bytes, and the text has no upper bound there.
 */
export const querySpeed: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db) === "postgres") {
      await sql`alter table "searchDocuments" alter column "searchVector" set storage main`.execute(
        db,
      );
      await sql`update "searchDocuments" set "body" = "body"`.execute(db);
    } else {
      await sql`create index "people_list_idx" on "people" ("lastSeenAt", "id", "searchText")`.execute(
        db,
      );
      await sql`drop index "people_lastSeenAt_idx"`.execute(db);
    }
  },
};
