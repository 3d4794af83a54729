import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { dialectOf } from "../dialect.ts";

/*
 * The people list at 100,000 people, issue 26 (docs/decisions/0070-people-list-speed.md).
 *
 * - `peopleTotal`: the number of people, one row kept by triggers on `people` (a row added, a
 *   row removed), so that the whole list's count is one row read rather than a count of every
 *   index entry (12 ms of CPU on PostgreSQL at 100,000). The triggers run in the transaction of
 *   the write that adds or removes the person, whatever made it (the record tables' triggers of
 *   migration 0024 upsert people), so the count cannot disagree with the table. An upsert that
 *   updates an existing person fires neither.
 * - PostgreSQL: a search of one or two characters (below a trigram) and a broad search's walk
 *   read the list's order with the search text beside it, in a covering index (as SQLite's of
 *   migration 0033), not from the table, which the triggers' updates leave several times its
 *   live size. A btree entry is limited to 2,704 bytes, so the index holds the people whose text
 *   is at most 2,000 bytes (every one a form can make); a second partial index lists the rest,
 *   whose text the search reads from the table.
 */
async function up(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === "postgres";
  await sql`create table "peopleTotal" ("id" integer primary key, "people" integer not null)`.execute(
    db,
  );
  if (postgres) {
    await sql`
      create or replace function "people_total"() returns trigger language plpgsql as $fn$
      begin
        update "peopleTotal" set "people" = "people" + (case when tg_op = 'INSERT' then 1 else -1 end)
        where "id" = 1;
        return null;
      end $fn$`.execute(db);
    // Created before the count is taken: the trigger's lock holds off a write in between.
    await sql`
      create trigger "people_total" after insert or delete on "people"
      for each row execute function "people_total"()`.execute(db);
    await sql`
      create index "people_list_text_idx" on "people" ("lastSeenAt", "id", "searchText")
      where octet_length("searchText") <= 2000`.execute(db);
    await sql`
      create index "people_long_text_idx" on "people" ("lastSeenAt", "id")
      where octet_length("searchText") > 2000`.execute(db);
  } else {
    await sql`
      create trigger "people_total_insert" after insert on "people" begin
        update "peopleTotal" set "people" = "people" + 1 where "id" = 1;
      end`.execute(db);
    await sql`
      create trigger "people_total_delete" after delete on "people" begin
        update "peopleTotal" set "people" = "people" - 1 where "id" = 1;
      end`.execute(db);
  }
  await sql`insert into "peopleTotal" ("id", "people") select 1, count(*) from "people"`.execute(
    db,
  );
}

export const peopleListSpeed: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db) === "postgres") return up(db);
    // Kysely does not wrap SQLite migrations in a transaction: this one is all or nothing.
    await db.transaction().execute((trx) => up(trx));
  },
};
