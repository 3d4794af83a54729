import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { getPage, savePage } from "~/modules/pages/pages.server";
import { RESOURCES_PAGE_DEFAULTS } from "~/modules/pages/resources.text";
import {
  DIALECTS,
  databaseMigratedTo,
  type TestDatabase,
} from "../../../tests/support/test-database";

const SEEDED =
  "Join 5,000+ subscribers who receive our monthly insights on compensation trends, regulatory updates and practical reward design ideas. No spam; unsubscribe anytime.";

describe.each(DIALECTS)("migration 0013 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  /** A database as it was after migration 0012, with the Resources page's newsletter text. */
  async function before0013(description: string) {
    database = await databaseMigratedTo(dialect, "0012-structured-data-from-real-data");
    const { db } = database;
    await savePage(db, "resources", {
      ...RESOURCES_PAGE_DEFAULTS,
      newsletter: { ...RESOURCES_PAGE_DEFAULTS.newsletter, description },
    });
    return db;
  }

  it("takes the made-up figure out of the seeded text, and the stored pages follow", async () => {
    const db = await before0013(SEEDED);
    const version = await readContentVersion(db);
    await migrateToLatest(db);
    const page = (await getPage(db, "resources")) as typeof RESOURCES_PAGE_DEFAULTS;
    expect(page.newsletter.description).toBe(RESOURCES_PAGE_DEFAULTS.newsletter.description);
    expect(RESOURCES_PAGE_DEFAULTS.newsletter.description).not.toMatch(/\d/);
    expect(await readContentVersion(db)).toBeGreaterThan(version);
  });

  it("keeps a text staff wrote themselves", async () => {
    const ours = "Our monthly letter, read by 312 HR leaders we know by name.";
    const db = await before0013(ours);
    await migrateToLatest(db);
    const page = (await getPage(db, "resources")) as typeof RESOURCES_PAGE_DEFAULTS;
    expect(page.newsletter.description).toBe(ours);
  });
});
