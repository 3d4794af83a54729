import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import {
  DIALECTS,
  databaseMigratedTo,
  type TestDatabase,
} from "../../../tests/support/test-database";

const article = (slug: string, updatedAt: string) => ({
  slug,
  title: slug,
  category: "Equity",
  author: "A. Sharma",
  publishedOn: "2026-10-01",
  summary: "s",
  body: "b",
  status: "published",
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt,
});

const resource = (slug: string, updatedAt: string) => ({
  slug,
  type: "guide",
  title: slug,
  summary: "s",
  category: "Equity",
  pageCount: 3,
  fileId: null,
  company: "",
  industry: "",
  challenge: "",
  solution: "",
  results: "",
  status: "published",
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt,
});

describe.each(DIALECTS)("migration 0014 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it("marks as samples the seeded rows staff never changed, and only those", async () => {
    database = await databaseMigratedTo(dialect, "0013-no-made-up-subscriber-figure");
    const { db } = database;
    const raw = db as unknown as import("kysely").Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .insertInto("articles")
      .values([
        // As the seed (and 0012) left it: last change at midnight of its publication day.
        article("esop-mistakes-startups-make", "2026-10-01T00:00:00.000Z"),
        // Edited by staff since.
        article("pay-transparency-india", "2026-11-20T09:00:00.000Z"),
        // Staff's own article, untouched.
        article("our-own-view", "2026-10-01T00:00:00.000Z"),
      ])
      .execute();
    await raw
      .insertInto("resources")
      .values([
        resource("esop-design-playbook", "2026-11-01T10:00:00.000Z"),
        resource("salary-structure-toolkit", "2026-11-21T09:00:00.000Z"),
        resource("our-own-guide", "2026-11-01T10:00:00.000Z"),
      ])
      .execute();

    await migrateToLatest(db);

    const samples = async (table: "articles" | "resources") =>
      Object.fromEntries(
        (await db.selectFrom(table).select(["slug", "sample"]).execute()).map((row) => [
          row.slug,
          Boolean(row.sample),
        ]),
      );
    expect(await samples("articles")).toEqual({
      "esop-mistakes-startups-make": true,
      "pay-transparency-india": false,
      "our-own-view": false,
    });
    expect(await samples("resources")).toEqual({
      "esop-design-playbook": true,
      "salary-structure-toolkit": false,
      "our-own-guide": false,
    });
    expect(await db.selectFrom("launchChecklistDismissals").selectAll().execute()).toEqual([]);
  });
});
