import { afterEach, describe, expect, it } from "vitest";
import { migratorFor } from "~/db/migrate.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";

describe.each(DIALECTS)("migration 0021 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it("adds webhook endpoints and deliveries, and takes them away again", async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const { db } = database;
    const migrator = await migratorFor(db);
    expect((await migrator.migrateTo("0021-webhooks")).error).toBeUndefined();

    const now = "2026-11-26T10:00:00.000Z";
    await db
      .insertInto("webhookEndpoints")
      .values({
        id: "whe1",
        url: "https://crm.example.in/hooks",
        events: '["enquiry.created"]',
        secret: "v1.sealed",
        pausedAt: null,
        failingSince: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto("webhookDeliveries")
      .values({
        id: "msg1",
        endpointId: "whe1",
        eventType: "enquiry.created",
        body: "{}",
        personEmail: null,
        status: "pending",
        scheduleFrom: now,
        nextAttemptAt: now,
        lastAttemptAt: null,
        lastResponseCode: null,
        lastError: null,
        claimToken: null,
        lockedUntil: null,
        deliveredAt: null,
        createdAt: now,
      })
      .execute();
    const endpoint = await db
      .selectFrom("webhookEndpoints")
      .select(["enabled", "consecutiveFailures", "description"])
      .executeTakeFirstOrThrow();
    expect(Boolean(endpoint.enabled)).toBe(true);
    expect(Number(endpoint.consecutiveFailures)).toBe(0);
    expect(endpoint.description).toBe("");
    const delivery = await db
      .selectFrom("webhookDeliveries")
      .select("attempts")
      .executeTakeFirstOrThrow();
    expect(Number(delivery.attempts)).toBe(0);
    // Removing an endpoint removes its deliveries.
    await db.deleteFrom("webhookEndpoints").execute();
    expect(await db.selectFrom("webhookDeliveries").select("id").execute()).toEqual([]);

    expect((await migrator.migrateTo("0019-meeting-types")).error).toBeUndefined();
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain("webhookEndpoints");
    expect(tables).not.toContain("webhookDeliveries");
  });
});
