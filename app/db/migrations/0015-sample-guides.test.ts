import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { fileStore } from "~/modules/files/file-store.server";
import { DEFAULT_RESOURCES } from "~/modules/library/resource-defaults";
import {
  getResource,
  insertResource,
  listPublishedResources,
} from "~/modules/library/resources.server";
import { flowingText } from "~/modules/library/sample-guides/pdf-text.testing";
import { seedDefaults } from "~/modules/seed.server";
import {
  DIALECTS,
  databaseMigratedTo,
  type TestDatabase,
} from "../../../tests/support/test-database";

/*
 * Migration 0015 on an install seeded before issue 24: the seeded resources staff never changed
 * get the new guides (after the next start's seed step) or become drafts; what staff changed
 * stays as it is.
 */

const OLD_SUMMARY =
  "Templates and a spreadsheet model to build grades, pay ranges and progression rules that are market-aware, internally fair and affordable as you grow.";
const OLD_PDF = new TextEncoder().encode("%PDF-1.3 three pages: a cover, a summary, About us");

describe.each(DIALECTS)("migration 0015 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  /** A database after 0013 holding the old seed: every default published with a 3-page file. */
  async function oldInstall() {
    database = await databaseMigratedTo(dialect, "0013-no-made-up-subscriber-figure");
    const { db } = database;
    const at = "2026-01-05T10:00:00.000Z";
    for (const resource of DEFAULT_RESOURCES) {
      const file = await fileStore.save(db, {
        purpose: "resource",
        fileName: `${resource.slug}.pdf`,
        contentType: "application/pdf",
        bytes: OLD_PDF,
      });
      await insertResource(db, {
        ...resource,
        summary: resource.slug === "salary-structure-toolkit" ? OLD_SUMMARY : resource.summary,
        pageCount: 3,
        fileId: file.id,
        status: "published",
        createdAt: at,
        updatedAt: at,
      });
    }
    return db;
  }

  it("replaces the untouched guides' files and hides the unwritten ones", async () => {
    const db = await oldInstall();
    const version = await readContentVersion(db);
    await migrateToLatest(db);
    expect(await readContentVersion(db)).toBeGreaterThan(version);

    const toolkit = await getResource(db, "salary-structure-toolkit");
    expect(toolkit).toMatchObject({ status: "published", fileId: null });
    expect(toolkit?.summary).not.toContain("spreadsheet");
    expect(await getResource(db, "state-of-esops-india")).toMatchObject({
      status: "draft",
      fileId: null,
    });
    // The old files are gone, not left behind.
    const files = await db.selectFrom("storedFiles").select("id").execute();
    expect(files).toEqual([]);

    // The next start's seed step gives each guide its new PDF.
    await seedDefaults(db);
    const listed = await listPublishedResources(db);
    expect([...listed.featured, ...listed.whitepapers].map((r) => r.slug).sort()).toEqual([
      "esop-design-playbook",
      "pay-equity-audit-guide",
      "salary-structure-toolkit",
      "total-rewards-framework",
    ]);
    expect(listed.caseStudies).toEqual([]);
    const playbook = await getResource(db, "esop-design-playbook");
    expect(playbook?.pageCount).toBeGreaterThanOrEqual(5);
    const chunks: Uint8Array[] = [];
    for await (const chunk of fileStore.read(db, playbook!.fileId!)) chunks.push(chunk);
    expect(flowingText(Buffer.concat(chunks))).toContain(
      "Worked example: the cap table at seed, Series A and Series B",
    );
  });

  it("leaves the resources staff changed as they are", async () => {
    const db = await oldInstall();
    const later = "2026-02-01T09:00:00.000Z";
    await db
      .updateTable("resources")
      .set({ updatedAt: later, summary: "Our own words." })
      .where("slug", "in", ["esop-design-playbook", "state-of-esops-india"])
      .execute();
    await migrateToLatest(db);
    for (const slug of ["esop-design-playbook", "state-of-esops-india"]) {
      const kept = await getResource(db, slug);
      expect(kept).toMatchObject({ status: "published", summary: "Our own words." });
      expect(kept?.fileId).toBeTruthy();
      expect(await fileStore.describe(db, kept!.fileId!)).toMatchObject({
        byteSize: OLD_PDF.length,
      });
    }
  });
});
