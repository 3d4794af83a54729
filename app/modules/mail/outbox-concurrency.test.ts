import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { openDatabase } from "~/db/client.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { enqueueMail, type MailTransport, type TransportMessage } from "./outbox.server";
import { FROM } from "./outbox-fixtures";
import { processOutbox, retryDelayMs } from "./outbox-sender.server";
import { startOutboxWorker } from "./worker.server";

/*
 * Issue 12, item 22: a backlog of mail is sent several at a time (MAIL_CONCURRENCY per process),
 * never more at once than the limit, each mail once, and one failing or hanging send does not
 * hold up the others.
 */

async function queue(db: DB, count: number, prefix: string, at?: Date) {
  for (let index = 0; index < count; index++) {
    await enqueueMail(
      db,
      {
        kind: "test_mail",
        to: `person${index}@example.com`,
        subject: `${prefix} ${index}`,
        text: `Mail ${index}`,
        html: `<p>Mail ${index}</p>`,
        relatedId: `${prefix}-${index}`,
      },
      at,
    );
  }
}

const waitUntil = async (condition: () => boolean) => {
  while (!condition()) await new Promise((done) => setTimeout(done, 5));
};

/**
 * A slow fake SMTP server: each send takes a few milliseconds (or as long as the test holds the
 * subject named in `hold`, or fails for a subject in `fail`), and the transport counts how many
 * are in flight at once.
 */
function slowTransport(options: { hold?: string; fail?: string } = {}) {
  const started: TransportMessage[] = [];
  const delivered: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let letGo = () => {};
  const released = new Promise<void>((done) => {
    letGo = done;
  });
  const transport: MailTransport = {
    async send(message) {
      started.push(message);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        if (message.subject === options.hold) await released;
        else await new Promise((done) => setTimeout(done, 15));
        if (message.subject === options.fail) {
          throw Object.assign(new Error("Mailbox unavailable"), { code: "EENVELOPE" });
        }
        delivered.push(message.subject);
        return { messageId: `<${delivered.length}@test>` };
      } finally {
        inFlight -= 1;
      }
    },
  };
  return {
    transport,
    started,
    delivered,
    inFlight: () => inFlight,
    mostInFlight: () => mostInFlight,
    release: () => letGo(),
  };
}

describe.each(DIALECTS)("sending the outbox several at a time, on %s", (dialect) => {
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

  const statuses = async () =>
    (await t.db.selectFrom("mailOutbox").select(["subject", "status", "attempts"]).execute()).map(
      (row) => ({ ...row, attempts: Number(row.attempts) }),
    );

  it("drains a backlog with up to `concurrency` sends in flight at once, never more, each mail once", async () => {
    await queue(t.db, 30, "Backlog");
    const smtp = slowTransport();
    const result = await processOutbox(t.db, {
      transport: smtp.transport,
      from: FROM,
      concurrency: 4,
    });

    expect(result).toEqual({ sent: 30, retrying: 0, failed: 0, notSent: 0 });
    expect(smtp.mostInFlight()).toBe(4);
    expect(smtp.started).toHaveLength(30);
    expect(new Set(smtp.delivered).size).toBe(30);
    for (const row of await statuses()) expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps sending the others while one send fails and another hangs", async () => {
    const clock = new Date("2026-03-02T09:00:00.000Z");
    await queue(t.db, 12, "Mixed", new Date(clock.getTime() - 60_000));
    const smtp = slowTransport({ hold: "Mixed 0", fail: "Mixed 1" });
    const running = processOutbox(t.db, {
      transport: smtp.transport,
      from: FROM,
      concurrency: 3,
      now: () => clock,
    });

    // The ten good mails go out while the first is still with the SMTP server.
    await waitUntil(() => smtp.delivered.length === 10);
    expect(smtp.inFlight()).toBe(1);
    smtp.release();
    expect(await running).toEqual({ sent: 11, retrying: 1, failed: 0, notSent: 0 });

    const rows = await t.db
      .selectFrom("mailOutbox")
      .select(["subject", "status", "attempts", "nextAttemptAt", "lastError"])
      .where("subject", "=", "Mixed 1")
      .executeTakeFirstOrThrow();
    // The failed one waits for its retry, with the usual backoff.
    expect(rows).toMatchObject({ status: "pending", lastError: "EENVELOPE: Mailbox unavailable" });
    expect(Number(rows.attempts)).toBe(1);
    expect(rows.nextAttemptAt).toBe(new Date(clock.getTime() + retryDelayMs(1)).toISOString());
    expect(smtp.started.filter((m) => m.subject === "Mixed 1")).toHaveLength(1);
  });

  it("shares a backlog between two processes, each sending several at once: every mail exactly once", async () => {
    await queue(t.db, 40, "Shared");
    const other = openDatabase(t.url);
    const a = slowTransport();
    const b = slowTransport();
    try {
      const [first, second] = await Promise.all([
        processOutbox(t.db, { transport: a.transport, from: FROM, concurrency: 3 }),
        processOutbox(other.db, { transport: b.transport, from: FROM, concurrency: 3 }),
      ]);
      expect(first.sent + second.sent).toBe(40);
    } finally {
      await other.close();
    }
    const subjects = [...a.started, ...b.started].map((m) => m.subject);
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
    expect(a.mostInFlight()).toBeLessThanOrEqual(3);
    expect(b.mostInFlight()).toBeLessThanOrEqual(3);
    for (const row of await statuses()) expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("at shutdown lets every send in flight finish and hands the rest back at once", async () => {
    await queue(t.db, 8, "Stop");
    let letGo = () => {};
    const released = new Promise<void>((done) => {
      letGo = done;
    });
    const started: string[] = [];
    const transport: MailTransport = {
      async send(message) {
        started.push(message.subject);
        await released;
        return { messageId: `<${message.subject}@test>` };
      },
    };
    const worker = startOutboxWorker({
      db: t.db,
      transport,
      from: FROM,
      concurrency: 2,
      intervalMs: 60 * 60 * 1000,
    });
    await waitUntil(() => started.length === 2);
    const stopping = worker.stop();
    letGo();
    await stopping;

    expect(started).toHaveLength(2);
    const rows = await statuses();
    const sent = rows.filter((row) => row.status === "sent");
    expect(sent.map((row) => row.subject).sort()).toEqual([...started].sort());
    // The six not started are back in the outbox, unclaimed and due now.
    const back = await t.db
      .selectFrom("mailOutbox")
      .select(["status", "claimToken"])
      .where("status", "!=", "sent")
      .execute();
    expect(back).toHaveLength(6);
    for (const row of back) expect(row).toEqual({ status: "pending", claimToken: null });
  });
});
