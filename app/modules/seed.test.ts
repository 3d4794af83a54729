import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { getPage, savePage } from "~/modules/pages/pages.server";
import { countServices, listServices, updateService } from "~/modules/services/services.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/test-database";
import { seedDefaults } from "./seed.server";

describe.each(DIALECTS)("seeding default content on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("fills empty tables with six services, six pages and the general settings", async () => {
    const version = await readContentVersion(t.db);
    expect(await seedDefaults(t.db)).toEqual({ services: true, pages: true, settings: true });
    // New public content: cached pages of an empty site are stale now. Nobody acted: no audit.
    expect(await readContentVersion(t.db)).toBe(version + 1);
    expect(await t.db.selectFrom("auditLog").select("id").execute()).toEqual([]);
    const services = await listServices(t.db);
    expect(services.map((s) => s.id)).toEqual([
      "equity",
      "executive",
      "variable",
      "benefits",
      "benchmarking",
      "rewards",
    ]);
    expect(services.map((s) => s.subServices.length)).toEqual([7, 6, 6, 7, 7, 9]);
    expect((await getPage(t.db, "home")).hero.title).toBe(
      "People. Purpose. Pay. Perfectly Aligned.",
    );
    expect(await getGeneralSettings(t.db)).toEqual(DEFAULT_GENERAL_SETTINGS);
  });

  it("invents no clients, testimonials or results, and makes the two partners team members", async () => {
    for (const table of ["testimonials", "clientLogos", "resultFigures"] as const) {
      expect(await t.db.selectFrom(table).select("id").execute()).toEqual([]);
    }
    const team = await t.db
      .selectFrom("teamMembers")
      .select(["name", "status"])
      .orderBy("position")
      .execute();
    expect(team).toEqual([
      { name: DEFAULT_GENERAL_SETTINGS.ceoName, status: "published" },
      { name: DEFAULT_GENERAL_SETTINGS.ctoName, status: "published" },
    ]);
  });

  it("leaves edited content alone when run again", async () => {
    const [first] = await listServices(t.db);
    await updateService(t.db, { ...first!, title: "Edited title" });
    await savePage(t.db, "home", { hero: { title: "Edited hero", subtitle: "" } });

    const version = await readContentVersion(t.db);
    expect(await seedDefaults(t.db)).toEqual({ services: false, pages: false, settings: false });
    expect(await readContentVersion(t.db)).toBe(version);
    expect(await countServices(t.db)).toBe(6);
    expect((await listServices(t.db))[0]?.title).toBe("Edited title");
    expect((await getPage(t.db, "home")).hero.title).toBe("Edited hero");
    expect(await t.db.selectFrom("teamMembers").select("id").execute()).toHaveLength(2);
  });

  it("runs migrations again without changes", async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });
});
