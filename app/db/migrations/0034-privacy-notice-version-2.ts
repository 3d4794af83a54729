import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 27: the privacy notice says how the site now lets people act (docs/decisions/0061).
 * Version 1 told people to withdraw a consent or ask for their data by e-mail. Since then every
 * mail links to a one-button withdraw page, `/privacy/requests` takes access, correction,
 * erasure and nominee requests with a mailed code, applicants are mailed 48 hours before their
 * application is deleted, a CV can be kept for future roles, and the activity log is kept at
 * least a year. Version 2 says so. It is published (as "System") only on a site still at the
 * seeded version 1: a notice staff have published themselves is theirs, never replaced.
 * Each change is an exact replacement in version 1's text; one that finds nothing to replace
 * stops the migration, rather than publish a notice that says less than it should.
 */
const CHANGES: Array<[before: string, after: string]> = [
  [
    "You may withdraw your consent at any time by writing to {privacyEmail}, or, for the newsletter, with the unsubscribe link in every e-mail.",
    "You may withdraw your consent at any time, as easily as you gave it: every e-mail we send you has a link to a page where one button withdraws it (for the newsletter, the unsubscribe link); you can also ask on our privacy requests page (/privacy/requests) or write to {privacyEmail}. Withdrawing stops at once what depended on it: newsletter e-mails stop, and a CV kept for future roles is no longer kept for them.",
  ],
  [
    "and server logs for up to 90 days, unless the law requires us to keep them longer.",
    "and server logs for up to 90 days, unless the law requires us to keep them longer. We keep the record of what our staff do with personal data (our activity log) for at least one year, as the law requires.",
  ],
  [
    "from the day you apply; then both are deleted automatically. You can ask us to delete them sooner by writing to {privacyEmail}.",
    "from the day you apply; we e-mail you 48 hours before they are deleted, then both are deleted automatically. If you tick the box to keep your CV for future roles, we keep it for 12 months and ask you before then whether to keep it longer. You can ask us to delete them sooner on our privacy requests page (/privacy/requests) or by writing to {privacyEmail}.",
  ],
  [
    "## Grievances and Contact\n\n",
    "## Grievances and Contact\n\nTo see, correct or erase your data, or to nominate someone, ask on our privacy requests page (/privacy/requests): we e-mail a one-time code to your address to confirm that the request is yours, and answer within 30 days. A request to see your data is answered at once with a download of what we hold about you, as a file and as a readable PDF.\n\n",
  ],
];

export const privacyNoticeVersion2: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{
      version: number;
      body: string;
    }>`select ${sql.ref("version")}, ${sql.ref("body")} from ${sql.table("privacyNoticeVersions")} order by ${sql.ref("version")} desc`.execute(
      db,
    );
    if (rows.length !== 1 || rows[0]?.version !== 1) return;
    let body = rows[0].body;
    for (const [before, after] of CHANGES) {
      if (!body.includes(before)) {
        throw new Error(`Privacy notice version 1 does not say "${before.slice(0, 60)}…"`);
      }
      body = body.replace(before, after);
    }
    await sql`insert into ${sql.table("privacyNoticeVersions")} (${sql.ref("version")}, ${sql.ref("body")}, ${sql.ref("publishedAt")}, ${sql.ref("publishedById")}, ${sql.ref("publishedByName")}) values (2, ${body}, ${"2026-11-26T17:00:00.000Z"}, null, ${"System"})`.execute(
      db,
    );
    // /privacy shows the version in force: a site that has served pages (its seeded content is
    // there) lets its stored pages go, on every instance. A new database has stored none.
    const seeded = await sql<{
      id: string;
    }>`select ${sql.ref("id")} from ${sql.table("pages")} limit 1`.execute(db);
    if (seeded.rows.length > 0) {
      await sql`update ${sql.table("contentVersion")} set ${sql.ref("version")} = ${sql.ref("version")} + 1`.execute(
        db,
      );
    }
  },
};
