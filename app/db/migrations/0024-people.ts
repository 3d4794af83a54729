import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { dialectOf } from "../dialect.ts";

/*
 * Issue 26: one record per person (docs/decisions/0057-people.md).
 *
 * - `people`: one row per e-mail address (trimmed, lower case) that sent anything the site keeps:
 *   an enquiry (contact, resource request, calculator lead, the enquiry of a booking) or a
 *   booking, a job application, a newsletter subscription. Name and company are the latest
 *   record's; `firstSeenAt`/`lastSeenAt` bound the records; `searchText` is what the list
 *   searches. Triggers on the four record tables keep it in the transaction of every write, by any
 *   path (a visitor form, a spam release, an erasure, the retention job): a row arrives with the
 *   first record that is not spam and leaves with the last one, taking its notes and tags along.
 * - `personNotes`, `personTags`: what staff add on the person's page.
 * - Indexes on the lower-case address of each record table, so a person's page reads its records
 *   by index.
 */

interface RecordTable {
  table: string;
  email: string;
  name: string;
  company: string;
  at: string;
  /** Rows that count: the spam folder does not make a person. */
  counts: string;
}

const RECORDS: RecordTable[] = [
  {
    table: "enquiries",
    email: "email",
    name: "fullName",
    company: "company",
    at: "submittedAt",
    counts: `"spamReason" is null`,
  },
  {
    table: "bookings",
    email: "visitorEmail",
    name: "visitorName",
    company: "visitorCompany",
    at: "createdAt",
    counts: "true",
  },
  {
    table: "applications",
    email: "email",
    name: "fullName",
    company: "''",
    at: "submittedAt",
    counts: `"spamReason" is null`,
  },
  {
    table: "newsletterSubscribers",
    email: "email",
    name: "''",
    company: "''",
    at: "createdAt",
    counts: "true",
  },
];

const col = (row: string, expression: string) =>
  expression.startsWith("'") ? expression : `${row}"${expression}"`;

/** Adds (or refreshes) the person of one record: `row` is `new.` in a trigger, "" in a select. */
function upsertPerson(dialect: "sqlite" | "postgres", record: RecordTable, row: string): string {
  const [least, greatest] = dialect === "postgres" ? ["least", "greatest"] : ["min", "max"];
  const id =
    dialect === "postgres"
      ? "md5(random()::text || clock_timestamp()::text)"
      : "lower(hex(randomblob(16)))";
  const newer = `excluded."lastSeenAt" >= "people"."lastSeenAt"`;
  const values = `${id}, lower(trim(${col(row, record.email)})), ${col(row, record.name)}, ${col(row, record.company)}, ${col(row, record.at)}, ${col(row, record.at)}`;
  // Existing rows: one per address and table (PostgreSQL updates a row once per statement), the
  // latest record's name and company with the earliest and latest times.
  const address = `lower(trim("${record.email}"))`;
  const source =
    row === ""
      ? `select ${id}, "e", "n", "c", "f", "l" from (
          select ${address} as "e", ${col("", record.name)} as "n", ${col("", record.company)} as "c",
            min("${record.at}") over (partition by ${address}) as "f", "${record.at}" as "l",
            row_number() over (partition by ${address} order by "${record.at}" desc) as "rank"
          from "${record.table}" where ${record.counts}) as "latest" where "rank" = 1`
      : `values (${values})`;
  return `insert into "people" ("id", "email", "name", "company", "firstSeenAt", "lastSeenAt")
    ${source}
    on conflict ("email") do update set
      "name" = case when ${newer} and excluded."name" <> '' then excluded."name" else "people"."name" end,
      "company" = case when ${newer} and excluded."company" <> '' then excluded."company" else "people"."company" end,
      "firstSeenAt" = ${least}("people"."firstSeenAt", excluded."firstSeenAt"),
      "lastSeenAt" = ${greatest}("people"."lastSeenAt", excluded."lastSeenAt")`;
}

/** Removes the person of a deleted record when no record of theirs is left. */
function dropPersonIfGone(record: RecordTable): string {
  const address = `lower(trim(old."${record.email}"))`;
  const left = RECORDS.map(
    (other) =>
      `not exists (select 1 from "${other.table}" where lower("${other.email}") = ${address} and ${other.counts})`,
  ).join(" and ");
  return `delete from "people" where "email" = ${address} and ${left}`;
}

const LOWER_EMAIL_INDEXES = RECORDS.map(
  (record) =>
    `create index if not exists "${record.table}_lowerEmail_idx" on "${record.table}" (lower("${record.email}"))`,
);

async function createSqliteTriggers(db: Kysely<unknown>) {
  for (const record of RECORDS) {
    const counts = record.counts.replaceAll('"spamReason"', 'new."spamReason"');
    const statements = [
      `create trigger "${record.table}_people_insert" after insert on "${record.table}"
        when ${counts} begin ${upsertPerson("sqlite", record, "new.")}; end`,
      `create trigger "${record.table}_people_delete" after delete on "${record.table}"
        begin ${dropPersonIfGone(record)}; end`,
    ];
    if (record.counts !== "true") {
      statements.push(
        `create trigger "${record.table}_people_release" after update of "spamReason" on "${record.table}"
          when ${counts} begin ${upsertPerson("sqlite", record, "new.")}; end`,
        `create trigger "${record.table}_people_hold" after update of "spamReason" on "${record.table}"
          when new."spamReason" is not null begin ${dropPersonIfGone(record)}; end`,
      );
    }
    for (const statement of statements) await sql.raw(statement).execute(db);
  }
}

async function createPostgresTriggers(db: Kysely<unknown>) {
  for (const record of RECORDS) {
    const counts = record.counts.replaceAll('"spamReason"', 'new."spamReason"');
    const fn = `"${record.table}_people"`;
    await sql
      .raw(
        `create or replace function ${fn}() returns trigger language plpgsql as $fn$
        begin
          if tg_op = 'DELETE' or (tg_op = 'UPDATE' and not (${counts})) then
            ${dropPersonIfGone(record)};
            return old;
          end if;
          if ${counts} then
            ${upsertPerson("postgres", record, "new.")};
          end if;
          return new;
        end $fn$`,
      )
      .execute(db);
    const update = record.counts === "true" ? "" : ` or update of "spamReason"`;
    await sql
      .raw(
        `create trigger "${record.table}_people" after insert or delete${update} on "${record.table}"
         for each row execute function ${fn}()`,
      )
      .execute(db);
  }
}

/**
 * SQLite: a contentless FTS5 trigram index of `searchText` under the person's rowid, kept by
 * triggers on `people` (as the inbox's, migration 0005): a search of three letters or more reads
 * it instead of every row.
 */
async function createSqliteSearch(db: Kysely<unknown>) {
  const statements = [
    `create virtual table "peopleSearch" using fts5("searchText", content='', contentless_delete=1, tokenize='trigram')`,
    `insert into "peopleSearch" (rowid, "searchText") select rowid, "searchText" from "people"`,
    `create trigger "people_search_insert" after insert on "people" begin
       insert into "peopleSearch" (rowid, "searchText") values (new.rowid, new."searchText");
     end`,
    `create trigger "people_search_update" after update of "name", "email", "company" on "people"
       when (old."name", old."email", old."company") is not (new."name", new."email", new."company")
       begin
       delete from "peopleSearch" where rowid = old.rowid;
       insert into "peopleSearch" (rowid, "searchText") values (new.rowid, new."searchText");
     end`,
    `create trigger "people_search_delete" after delete on "people" begin
       delete from "peopleSearch" where rowid = old.rowid;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** PostgreSQL: a trigram index for the list's search where pg_trgm is installed (0005). */
async function createPostgresSearch(db: Kysely<unknown>) {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) return;
  const opclass = `"${schema.replaceAll('"', '""')}".gin_trgm_ops`;
  await sql
    .raw(`create index "people_search_trgm_idx" on "people" using gin ("searchText" ${opclass})`)
    .execute(db);
}

async function up(db: Kysely<unknown>) {
  const dialect = dialectOf(db);
  await db.schema
    .createTable("people")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("firstSeenAt", "text", (c) => c.notNull())
    .addColumn("lastSeenAt", "text", (c) => c.notNull())
    .addColumn("searchText", "text", (c) =>
      c.generatedAlwaysAs(sql`lower("name" || ' ' || "email" || ' ' || "company")`).stored(),
    )
    .execute();
  await db.schema
    .createIndex("people_lastSeenAt_idx")
    .on("people")
    .columns(["lastSeenAt", "id"])
    .execute();
  await db.schema
    .createTable("personNotes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("personId", "text", (c) => c.notNull().references("people.id").onDelete("cascade"))
    .addColumn("authorId", "text")
    .addColumn("authorName", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("personNotes_person_idx")
    .on("personNotes")
    .columns(["personId", "createdAt"])
    .execute();
  await db.schema
    .createTable("personTags")
    .addColumn("personId", "text", (c) => c.notNull().references("people.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("personTags_pk", ["personId", "tag"])
    .execute();
  await db.schema
    .createIndex("personTags_tag_idx")
    .on("personTags")
    .columns(["tag", "personId"])
    .execute();
  for (const statement of LOWER_EMAIL_INDEXES) await sql.raw(statement).execute(db);
  // Everyone the site already holds, then the triggers that keep the table in step.
  for (const record of RECORDS) {
    await sql.raw(upsertPerson(dialect, record, "")).execute(db);
  }
  if (dialect === "postgres") {
    await createPostgresTriggers(db);
    await createPostgresSearch(db);
  } else {
    await createSqliteTriggers(db);
    await createSqliteSearch(db);
  }
}

export const people: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db) === "postgres") return up(db);
    // Kysely does not wrap SQLite migrations in a transaction: this one is all or nothing.
    await db.transaction().execute((trx) => up(trx));
  },
};
