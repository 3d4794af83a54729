import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes } from "../dialect.ts";

/*
 * How each version of the privacy notice came to be published (decision 0075): by the scheduled
 * publish of its draft, or as an earlier version's text published again. The history page says
 * so, as it does for every other kind ("Published (scheduled)"); a version in the name of the
 * admin who set the schedule no longer reads as if they had pressed Publish at that moment.
 * Versions published before this are neither (nothing recorded which they were).
 */
export const noticeVersionOrigin: Migration = {
  async up(db: Kysely<unknown>) {
    const { bool, dialect } = columnTypes(db);
    const no = dialect === "postgres" ? sql`false` : sql`0`;
    await db.schema
      .alterTable("privacyNoticeVersions")
      .addColumn("scheduled", bool, (c) => c.notNull().defaultTo(no))
      .execute();
    await db.schema
      .alterTable("privacyNoticeVersions")
      .addColumn("restoredFrom", "integer")
      .execute();
  },
};
