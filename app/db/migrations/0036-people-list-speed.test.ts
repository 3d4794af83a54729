import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { BLANK_OPTIONALS } from "~/modules/enquiries/enquiry-fixtures";
import { listPeople } from "~/modules/people/people.server";
import {
  DIALECTS,
  databaseMigratedTo,
  type TestDatabase,
} from "../../../tests/support/test-database";

/*
 * Migration 0036 (docs/decisions/0070-people-list-speed.md): the people list's count is a row
 * kept by triggers. It starts at the people a site already holds and follows every way a person
 * comes and goes: a first record, more records of the same address (no new person), a spam
 * hold and release, an erasure of the records.
 */

describe.each(DIALECTS)("migration 0036 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  let n = 0;
  const enquiry = (email: string, spam = false) => ({
    id: `m36-${++n}`,
    firstName: "Asha",
    lastName: "Rao",
    fullName: "Asha Rao",
    email,
    company: "Cedar",
    ...BLANK_OPTIONALS,
    newsletter: false,
    submittedAt: new Date(Date.UTC(2026, 10, 1, 10, n)).toISOString(),
    status: "new",
    source: "contact",
    spamReason: spam ? "honeypot" : null,
    updatedAt: null,
  });

  const stored = async (db: DB) =>
    (await db.selectFrom("peopleTotal").select("people").executeTakeFirstOrThrow()).people;
  const counted = async (db: DB) =>
    Number(
      (
        await db
          .selectFrom("people")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it("counts the people a site holds, then follows every person added and removed", async () => {
    database = await databaseMigratedTo(dialect, "0034-privacy-notice-version-2");
    const { db } = database;
    await db
      .insertInto("enquiries")
      .values([
        enquiry("one@example.in"),
        enquiry("One@Example.in"),
        enquiry("two@example.in"),
        enquiry("spam@example.in", true),
      ])
      .execute();
    await migrateToLatest(db);
    expect(await stored(db)).toBe(2);
    expect((await listPeople(db)).total).toBe(2);

    // A new address adds a person; another record of a known one does not.
    await db
      .insertInto("enquiries")
      .values([enquiry("three@example.in"), enquiry("two@example.in")])
      .execute();
    await db
      .insertInto("newsletterSubscribers")
      .values({
        id: "m36-sub",
        email: "four@example.in",
        status: "subscribed",
        source: "footer",
        consentText: "Send me the newsletter",
        consentedAt: "2026-11-02T10:00:00.000Z",
        confirmedAt: null,
        unsubscribedAt: null,
        token: "m36-token",
        createdAt: "2026-11-02T10:00:00.000Z",
        updatedAt: "2026-11-02T10:00:00.000Z",
      })
      .execute();
    expect(await stored(db)).toBe(4);

    // Released from the spam folder: a person; held again: gone.
    await db
      .updateTable("enquiries")
      .set({ spamReason: null })
      .where("email", "=", "spam@example.in")
      .execute();
    expect(await stored(db)).toBe(5);
    await db
      .updateTable("enquiries")
      .set({ spamReason: "manual" })
      .where("email", "=", "spam@example.in")
      .execute();
    expect(await stored(db)).toBe(4);

    // Erased: the last record of an address takes the person along; one of two does not.
    const [firstOfOne] = await db
      .selectFrom("enquiries")
      .select("id")
      .where(sql`lower("email")`, "=", "one@example.in")
      .execute();
    await db
      .deleteFrom("enquiries")
      .where("id", "=", firstOfOne?.id ?? "")
      .execute();
    expect(await stored(db)).toBe(4);
    await db.deleteFrom("enquiries").where(sql`lower("email")`, "=", "one@example.in").execute();
    await db.deleteFrom("newsletterSubscribers").where("id", "=", "m36-sub").execute();
    expect(await stored(db)).toBe(2);
    expect(await stored(db)).toBe(await counted(db));
    const list = await listPeople(db);
    expect(list.total).toBe(2);
    expect(list.items.map((p) => p.email).sort()).toEqual(["three@example.in", "two@example.in"]);
  });

  it("starts at none on a new database", async () => {
    database = await databaseMigratedTo(dialect, "0034-privacy-notice-version-2");
    await migrateToLatest(database.db);
    expect(await stored(database.db)).toBe(0);
    expect(await listPeople(database.db)).toMatchObject({ total: 0, items: [] });
  });
});
