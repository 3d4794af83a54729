import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { dialectOf } from "../dialect.ts";

/**
 * The staff inbox at 100,000 enquiries (docs/decisions/0011-inbox-at-scale.md).
 *
 * - One narrow index per list order, holding only ordinary enquiries (`spamReason is null`, what
 *   the inbox shows), each ending in the id (the tiebreak) and carrying the status, so that a
 *   count, a status filter and a page of ids are read from the index alone. The status order is
 *   the workflow's (the same CASE expression the list sorts by, written with literals so the
 *   planner can match it). The spam folder gets a small index of its own.
 * - Search for part of a name, e-mail or company without reading every row: on SQLite an FTS5
 *   table with the trigram tokenizer (a quoted phrase is a substring match), kept in step with the
 *   enquiries by triggers; on PostgreSQL trigram GIN indexes (pg_trgm) on the lowercased fields,
 *   which `lower(x) like lower(pattern)` uses as it stands.
 *
 * Works on a database that already holds enquiries: the search table is filled from them.
 */

/** The workflow order of statuses as a sort key; the list query builds the same expression. */
export const STATUS_RANK_SQL = `case "status" when 'new' then '0' when 'contacted' then '1' when 'qualified' then '2' when 'closed' then '3' else '4' end`;

const INBOX = `where "spamReason" is null`;

async function createIndexes(db: Kysely<unknown>) {
  // PostgreSQL reads an expression index alone (an index-only scan, which a deep page's offset
  // wants) only when it also carries the columns the expression is made of.
  const carrying = (column: string) =>
    dialectOf(db) === "postgres" ? ` include ("${column}")` : "";
  const statements = [
    `create index if not exists "enquiries_inbox_submittedAt_idx" on "enquiries" ("submittedAt", "id", "status") ${INBOX}`,
    `create index if not exists "enquiries_inbox_status_idx" on "enquiries" ("status", "submittedAt", "id") ${INBOX}`,
    `create index if not exists "enquiries_inbox_fullName_idx" on "enquiries" (lower("fullName"), "id", "status")${carrying("fullName")} ${INBOX}`,
    `create index if not exists "enquiries_inbox_company_idx" on "enquiries" (lower("company"), "id", "status")${carrying("company")} ${INBOX}`,
    `create index if not exists "enquiries_inbox_statusRank_idx" on "enquiries" ((${STATUS_RANK_SQL}), "id")${carrying("status")} ${INBOX}`,
    `create index if not exists "enquiries_spam_submittedAt_idx" on "enquiries" ("submittedAt", "id") where "spamReason" is not null`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * SQLite: `enquirySearchRows` is a narrow copy of what the list filters, sorts and searches by
 * (id, name, e-mail, company, status, spam reason, submission time) under a stable integer key,
 * and `enquirySearch` an FTS5 trigram index of the three searched fields keyed by it. A search
 * then counts, filters and orders its matches by integer key in the narrow table, and reads the
 * full rows of one page only. (The enquiries' own rowid is no key to hold on to: VACUUM may
 * renumber it in a table whose primary key is text.) The FTS table is contentless (it keeps the
 * index, not the text) and allows deletes (`contentless_delete`). Triggers keep both in step with
 * every insert, update and delete of an enquiry, whoever makes it.
 */
async function createSqliteSearch(db: Kysely<unknown>) {
  const COPIED = `"id", "fullName", "email", "company", "status", "spamReason", "submittedAt"`;
  const copiedFrom = (row: string) =>
    COPIED.split(", ")
      .map((column) => `${row}.${column}`)
      .join(", ");
  const keyOf = (row: "new" | "old") =>
    `(select "key" from "enquirySearchRows" where "id" = ${row}."id")`;
  const index = (row: "new" | "old") =>
    `insert into "enquirySearch" (rowid, "fullName", "email", "company")
       values (${keyOf(row)}, ${row}."fullName", ${row}."email", ${row}."company")`;
  const statements = [
    `create table if not exists "enquirySearchRows" (
       "key" integer primary key,
       "id" text not null unique,
       "fullName" text not null,
       "email" text not null,
       "company" text not null,
       "status" text not null,
       "spamReason" text,
       "submittedAt" text not null
     )`,
    `create virtual table if not exists "enquirySearch" using fts5("fullName", "email", "company", content='', contentless_delete=1, tokenize='trigram')`,
    // Filled from the enquiries already there (an existing install upgrading).
    `delete from "enquirySearch"`,
    `delete from "enquirySearchRows"`,
    `insert into "enquirySearchRows" (${COPIED}) select ${COPIED} from "enquiries" order by "id"`,
    `insert into "enquirySearch" (rowid, "fullName", "email", "company")
       select "key", "fullName", "email", "company" from "enquirySearchRows"`,
    `create trigger if not exists "enquiries_search_insert" after insert on "enquiries" begin
       insert into "enquirySearchRows" (${COPIED}) values (${copiedFrom("new")});
       ${index("new")};
     end`,
    `create trigger if not exists "enquiries_search_update"
       after update of ${COPIED} on "enquiries" begin
       update "enquirySearchRows" set (${COPIED}) = (${copiedFrom("new")}) where "id" = old."id";
     end`,
    // The key is found by either id: SQLite does not promise an order among triggers.
    `create trigger if not exists "enquiries_search_reindex"
       after update of "id", "fullName", "email", "company" on "enquiries"
       when (old."fullName", old."email", old."company") is not (new."fullName", new."email", new."company")
       begin
       delete from "enquirySearch"
         where rowid = (select "key" from "enquirySearchRows" where "id" in (old."id", new."id"));
       insert into "enquirySearch" (rowid, "fullName", "email", "company")
         values ((select "key" from "enquirySearchRows" where "id" in (old."id", new."id")),
           new."fullName", new."email", new."company");
     end`,
    `create trigger if not exists "enquiries_search_delete" after delete on "enquiries" begin
       delete from "enquirySearch" where rowid = ${keyOf("old")};
       delete from "enquirySearchRows" where "id" = old."id";
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * PostgreSQL: pg_trgm is a trusted extension (a database owner may create it). It goes into
 * `public` when it is not installed yet, so that it outlives any one schema (tests and the
 * benchmark run in schemas of their own); failing that, into the current schema. Where it cannot
 * be created at all, search still works as before, by reading the rows.
 */
async function createPostgresSearch(db: Kysely<unknown>) {
  const attempt = async (statement: string) => {
    await sql.raw("savepoint inbox_trgm").execute(db);
    try {
      await sql.raw(statement).execute(db);
      await sql.raw("release savepoint inbox_trgm").execute(db);
      return true;
    } catch {
      await sql.raw("rollback to savepoint inbox_trgm").execute(db);
      return false;
    }
  };
  const installed =
    (await attempt("create extension if not exists pg_trgm with schema public")) ||
    (await attempt("create extension if not exists pg_trgm"));
  if (!installed) return;
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) return;
  const opclass = `"${schema.replaceAll('"', '""')}".gin_trgm_ops`;
  for (const column of ["fullName", "email", "company"]) {
    await sql
      .raw(
        `create index if not exists "enquiries_${column}_trgm_idx" on "enquiries" using gin (lower("${column}") ${opclass})`,
      )
      .execute(db);
  }
}

export const inboxAtScale: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db) === "postgres") {
      // Kysely runs PostgreSQL migrations in a transaction (the savepoints above rely on it).
      await createIndexes(db);
      await createPostgresSearch(db);
      await sql`analyze "enquiries"`.execute(db);
    } else {
      // Kysely does not wrap SQLite migrations in a transaction: this one is all or nothing.
      await db.transaction().execute(async (trx) => {
        await createIndexes(trx);
        await createSqliteSearch(trx);
      });
    }
  },
};
