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
 */
export const querySpeed: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db) === "postgres") {
      await sql`alter table "searchDocuments" alter column "searchVector" set storage main`.execute(
        db,
      );
      await sql`update "searchDocuments" set "body" = "body"`.execute(db);
    }
  },
};
