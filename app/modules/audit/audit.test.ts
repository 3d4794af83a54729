import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuditRow } from "~/db/schema";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { listAudit, recentAudit, recordAudit } from "./audit.server";

describe.each(DIALECTS)("audit log on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const now = new Date();
    await t.db
      .insertInto("user")
      .values([
        {
          id: "admin_1",
          name: "Asha Admin",
          email: "asha@example.com",
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        },
        {
          id: "editor_1",
          name: "Eli Editor",
          email: "eli@example.com",
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("auditLog").execute();
  });

  it("records an entry stamped now and keeps the actor's name", async () => {
    const entry = await recordAudit(t.db, {
      actorId: "admin_1",
      actorName: "Asha Admin",
      action: "update",
      entityType: "settings",
      entityId: "general",
      summary: "Updated the general settings",
    });
    expect(entry.id).toMatch(/^aud_/);
    expect(Date.parse(entry.createdAt)).toBeGreaterThan(Date.now() - 10_000);
    expect((await recentAudit(t.db, 5))[0]).toEqual(entry);

    const system = await recordAudit(t.db, {
      actorId: null,
      actorName: "System",
      action: "seed",
      entityType: "services",
      entityId: null,
      summary: "Seeded the default services",
    });
    expect((await listAudit(t.db)).items[0]).toEqual(system);
  });

  it("lists newest first, also for entries made in the same millisecond", async () => {
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await recordAudit(t.db, {
          actorId: "editor_1",
          actorName: "Eli Editor",
          action: "update",
          entityType: "page",
          entityId: "home",
          summary: `Edit ${i}`,
        }),
      );
    }
    expect((await recentAudit(t.db, 3)).map((e) => e.summary)).toEqual([
      "Edit 4",
      "Edit 3",
      "Edit 2",
    ]);
    expect((await listAudit(t.db)).items.map((e) => e.id)).toEqual(made.map((e) => e.id).reverse());
  });

  it("filters by entity type, actor, action and text, and pages", async () => {
    const fixtures: AuditRow[] = [
      [
        "admin_1",
        "Asha Admin",
        "create",
        "career",
        "rewards-analyst",
        "Created career Rewards Analyst",
      ],
      ["editor_1", "Eli Editor", "update", "page", "about", "Edited the About page"],
      ["admin_1", "Asha Admin", "delete", "enquiry", "enq_1", "Deleted enquiry from Jane Doe"],
      [
        "admin_1",
        "Asha Admin",
        "status",
        "enquiry",
        "enq_2",
        "Set enquiry from John Roe to contacted",
      ],
      [null, "Former Staff", "update", "service", "equity", "Edited 100% of the equity service"],
      ["editor_1", "Eli Editor", "create", "career", "ops_lead", "Created career Ops Lead"],
    ].map(([actorId, actorName, action, entityType, entityId, summary], i) => ({
      id: `aud_fixture_${i}`,
      actorId: actorId ?? null,
      actorName: actorName!,
      action: action!,
      entityType: entityType!,
      entityId: entityId ?? null,
      summary: summary!,
      createdAt: new Date(Date.UTC(2026, 0, 1, 9, i)).toISOString(),
    }));
    await t.db.insertInto("auditLog").values(fixtures).execute();
    const summaries = async (options: Parameters<typeof listAudit>[1]) =>
      (await listAudit(t.db, options)).items.map((e) => e.id.replace("aud_fixture_", ""));

    expect(await summaries({})).toEqual(["5", "4", "3", "2", "1", "0"]);
    expect(await summaries({ entityType: "enquiry" })).toEqual(["3", "2"]);
    expect(await summaries({ actorId: "editor_1" })).toEqual(["5", "1"]);
    expect(await summaries({ action: "create" })).toEqual(["5", "0"]);
    expect(await summaries({ action: "create", actorId: "admin_1" })).toEqual(["0"]);
    expect(await summaries({ q: "JANE" })).toEqual(["2"]);
    expect(await summaries({ q: "former" })).toEqual(["4"]);
    expect(await summaries({ q: "enq_2" })).toEqual(["3"]);
    expect(await summaries({ q: "ops_" })).toEqual(["5"]);
    expect(await summaries({ q: "%" })).toEqual(["4"]);
    expect(await summaries({ q: "no such thing" })).toEqual([]);

    const page2 = await listAudit(t.db, { pageSize: 4, page: 2 });
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 4, pageCount: 2 });
    expect(page2.items.map((e) => e.id)).toEqual(["aud_fixture_1", "aud_fixture_0"]);
    expect((await recentAudit(t.db, 2)).map((e) => e.id)).toEqual([
      "aud_fixture_5",
      "aud_fixture_4",
    ]);
  });
});
