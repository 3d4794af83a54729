import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { PRIVACY } from "~/modules/pages/legal.text";
import { savePage } from "~/modules/pages/pages.server";
import { RESOURCES_PAGE_DEFAULTS } from "~/modules/pages/resources.text";
import { noticeTextOf } from "~/modules/privacy/notice-text";
import {
  DIALECTS,
  databaseMigratedTo,
  type TestDatabase,
} from "../../../tests/support/test-database";

describe.each(DIALECTS)("migration 0034 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  /** A database as it was after migration 0033: the seeded notice, version 1, in force. */
  async function before0034() {
    database = await databaseMigratedTo(dialect, "0033-query-speed");
    const { db } = database;
    return db;
  }

  const versions = (db: Awaited<ReturnType<typeof before0034>>) =>
    db
      .selectFrom("privacyNoticeVersions")
      .select(["version", "body", "publishedByName"])
      .orderBy("version")
      .execute();

  it("publishes version 2, saying how to withdraw and ask, and keeps version 1 whole", async () => {
    const db = await before0034();
    // A site that has served pages: its seeded content is there.
    await savePage(db, "resources", RESOURCES_PAGE_DEFAULTS);
    const [v1] = await versions(db);
    const contentVersion = await readContentVersion(db);
    await migrateToLatest(db);
    const after = await versions(db);
    expect(after.map((row) => row.version)).toEqual([1, 2]);
    expect(after[0]?.body).toBe(v1?.body);
    expect(after[0]?.body).toContain("by writing to {privacyEmail}, or, for the newsletter");
    // Version 2 is the code's notice word for word, so a new site and an old one read the same.
    expect(after[1]).toMatchObject({ body: noticeTextOf(PRIVACY), publishedByName: "System" });
    for (const words of [
      "one button withdraws it",
      "/privacy/requests",
      "48 hours before they are deleted",
      "at least one year",
      "one-time code",
    ]) {
      expect(after[1]?.body).toContain(words);
    }
    expect(await readContentVersion(db)).toBeGreaterThan(contentVersion);
  });

  it("publishes it on a new database too, which has stored no page to let go", async () => {
    const db = await before0034();
    const contentVersion = await readContentVersion(db);
    await migrateToLatest(db);
    expect((await versions(db)).map((row) => row.version)).toEqual([1, 2]);
    expect(await readContentVersion(db)).toBe(contentVersion);
  });

  it("leaves a notice staff published themselves in force", async () => {
    const db = await before0034();
    await db
      .insertInto("privacyNoticeVersions")
      .values({
        version: 2,
        body: "# Our Notice\n\nOurs.\n\n## Who We Are\n\nUs.\n",
        publishedAt: "2026-11-26T10:00:00.000Z",
        publishedById: null,
        publishedByName: "Meera",
      })
      .execute();
    await migrateToLatest(db);
    const after = await versions(db);
    expect(after.map((row) => [row.version, row.publishedByName])).toEqual([
      [1, "System"],
      [2, "Meera"],
    ]);
  });
});
