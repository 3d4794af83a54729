import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { enqueueMail } from "./outbox.server";
import { CLAIM_LEASE_MS, claimDueMails } from "./outbox-claims.server";
import { FROM, testMail as mail, recordingTransport } from "./outbox-fixtures";
import { processOutbox } from "./outbox-sender.server";

/*
 * Claims on the outbox's rows (outbox-claims.server.ts): one sender per row, a lease that runs
 * out, the oldest due first, read from the indexes of migration 0037 (decision 0079).
 */

describe.each(DIALECTS)("outbox claims on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("mailOutbox").execute();
  });

  it("claims a row for one sender only, and lets another take it over when the lease runs out", async () => {
    const now = new Date("2026-03-02T09:00:00.000Z");
    await enqueueMail(t.db, mail(), now);
    const first = await claimDueMails(t.db, now);
    expect(first).toHaveLength(1);
    expect(await claimDueMails(t.db, now)).toEqual([]);
    expect(await claimDueMails(t.db, new Date(now.getTime() + CLAIM_LEASE_MS - 1))).toEqual([]);
    const taken = await claimDueMails(t.db, new Date(now.getTime() + CLAIM_LEASE_MS + 1));
    expect(taken.map((row) => row.id)).toEqual(first.map((row) => row.id));
    expect(taken[0]?.claimToken).not.toBe(first[0]?.claimToken);
  });

  it("claims the oldest due mails first, those of a sender whose lease ran out among them", async () => {
    const start = Date.parse("2026-03-02T09:00:00.000Z");
    const minute = (n: number) => new Date(start + n * 60_000);
    for (let n = 0; n < 12; n++) await enqueueMail(t.db, mail({ subject: `Mail ${n}` }), minute(n));
    await enqueueMail(t.db, mail({ subject: "Later" }), minute(100));
    const subjects = (rows: { subject: string }[]) => rows.map((row) => row.subject);

    // At 09:01 two are due; their sender then dies with them claimed.
    expect(subjects(await claimDueMails(t.db, minute(1), 2))).toEqual(["Mail 0", "Mail 1"]);
    // At 09:30 the lease has run out: those two are again the oldest due, before Mail 2 and 3.
    expect(subjects(await claimDueMails(t.db, minute(30), 4))).toEqual([
      "Mail 0",
      "Mail 1",
      "Mail 2",
      "Mail 3",
    ]);
    expect(subjects(await claimDueMails(t.db, minute(30), 20))).toEqual(
      Array.from({ length: 8 }, (_, n) => `Mail ${n + 4}`),
    );
    // Every lease still holds, and the last mail's time has not come.
    expect(await claimDueMails(t.db, minute(31), 20)).toEqual([]);

    if (dialect === "sqlite") {
      // Read from the indexes of migration 0037, never a walk of the whole (ever-growing) table.
      const plan = async (query: string) =>
        (await sql.raw<{ detail: string }>(`explain query plan ${query}`).execute(t.db)).rows
          .map((row) => row.detail)
          .join("\n");
      expect(await plan(`select * from "mailOutbox" where "claimToken" = 'x'`)).toContain(
        "USING INDEX mailOutbox_claim_idx",
      );
      const due = await plan(
        `select "id" from "mailOutbox" where "status" = 'pending' and "nextAttemptAt" <= 'x' order by "nextAttemptAt", "id" limit 10`,
      );
      expect(due).toContain("USING COVERING INDEX mailOutbox_due_idx");
      expect(due).not.toContain("TEMP B-TREE");
    }
  });

  it("sends each mail once when two processes work the outbox at the same time", async () => {
    const other = openDatabase(t.url);
    try {
      for (let i = 0; i < 40; i++) await enqueueMail(t.db, mail({ subject: `Mail ${i}` }));
      const a = recordingTransport();
      const b = recordingTransport();
      const [ra, rb] = await Promise.all([
        processOutbox(t.db, { transport: a.transport, from: FROM, limit: 3 }),
        processOutbox(other.db, { transport: b.transport, from: FROM, limit: 3 }),
      ]);
      expect(ra.sent + rb.sent).toBe(40);
      const subjects = [...a.sent, ...b.sent].map((m) => m.subject);
      expect(new Set(subjects).size).toBe(40);
      const statuses = await t.db.selectFrom("mailOutbox").select("status").execute();
      expect(statuses.every((row) => row.status === "sent")).toBe(true);
    } finally {
      await other.close();
    }
  });
});
