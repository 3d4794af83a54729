import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "~/lib/logger.server";
import { freePort } from "../../../tests/support/server";
import { startSmtpServer } from "../../../tests/support/smtp-server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { countOutboxProblems, deleteMailsFor, enqueueMail, listMailsFor } from "./outbox.server";
import { FROM, testMail as mail, recordingTransport } from "./outbox-fixtures";
import { MAX_ATTEMPTS, processOutbox, retryDelayMs, retryOnStart } from "./outbox-sender.server";
import { createSmtpTransport } from "./transport.server";

describe("retry delays", () => {
  it("start at 30 s, double, and stop growing at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe.each(DIALECTS)("mail outbox on %s", (dialect) => {
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

  it("sends a queued mail through a real SMTP server and records it as sent", async () => {
    const smtp = await startSmtpServer();
    const transport = createSmtpTransport(smtp.url);
    try {
      const id = await enqueueMail(
        t.db,
        mail({
          headers: {
            "List-Unsubscribe": "<https://example.in/newsletter/unsubscribe?token=abc>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
          replyTo: "firm@example.in",
        }),
      );
      expect(await countOutboxProblems(t.db)).toEqual({ pending: 1, failed: 0 });
      const result = await processOutbox(t.db, { transport, from: FROM });
      expect(result).toEqual({ sent: 1, retrying: 0, failed: 0, notSent: 0 });

      const [received] = await smtp.waitForMessages(1);
      expect(received?.envelopeTo).toEqual(["visitor@example.com"]);
      expect(received?.envelopeFrom).toBe("no-reply@example.in");
      expect(received?.subject).toBe("Hello there");
      expect(received?.text.trim()).toBe("Plain text body");
      expect(received?.html).toContain("<p>HTML body</p>");
      expect(received?.headers.get("reply-to")).toBe("firm@example.in");
      expect(received?.headers.get("list-unsubscribe")).toBe(
        "<https://example.in/newsletter/unsubscribe?token=abc>",
      );
      expect(received?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

      const [row] = await listMailsFor(t.db, "enq_1");
      expect(row).toMatchObject({ id, status: "sent", attempts: 1, lastError: null });
      expect(row?.messageId).toBeTruthy();
      expect(row?.sentAt).toBeTruthy();
      expect(await countOutboxProblems(t.db)).toEqual({ pending: 0, failed: 0 });
      // Nothing is sent twice.
      expect(await processOutbox(t.db, { transport, from: FROM })).toMatchObject({ sent: 0 });
    } finally {
      transport.close();
      await smtp.stop();
    }
  });

  it("keeps a mail while the SMTP server is down and sends it once the server is back", async () => {
    const port = await freePort();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`);
    let clock = new Date("2026-03-02T09:00:00.000Z");
    const now = () => clock;
    await enqueueMail(t.db, mail(), clock);

    const down = await processOutbox(t.db, { transport, from: FROM, now });
    expect(down).toEqual({ sent: 0, retrying: 1, failed: 0, notSent: 0 });
    let [row] = await listMailsFor(t.db, "enq_1");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
    expect(row?.nextAttemptAt).toBe("2026-03-02T09:00:30.000Z");
    expect(await countOutboxProblems(t.db)).toEqual({ pending: 1, failed: 0 });

    // Not due yet: nothing is tried.
    clock = new Date("2026-03-02T09:00:20.000Z");
    expect(await processOutbox(t.db, { transport, from: FROM, now })).toMatchObject({
      sent: 0,
      retrying: 0,
    });

    // Still down at the first retry: the next one waits twice as long.
    clock = new Date("2026-03-02T09:00:31.000Z");
    expect(await processOutbox(t.db, { transport, from: FROM, now })).toMatchObject({
      retrying: 1,
    });
    [row] = await listMailsFor(t.db, "enq_1");
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(row?.nextAttemptAt).toBe("2026-03-02T09:01:31.000Z");

    const smtp = await startSmtpServer({ port });
    try {
      clock = new Date("2026-03-02T09:01:32.000Z");
      expect(await processOutbox(t.db, { transport, from: FROM, now })).toMatchObject({
        sent: 1,
      });
      await smtp.waitForMessages(1);
      expect(smtp.messages).toHaveLength(1);
      [row] = await listMailsFor(t.db, "enq_1");
      expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
      expect(await countOutboxProblems(t.db)).toEqual({ pending: 0, failed: 0 });
    } finally {
      transport.close();
      await smtp.stop();
    }
  });

  it("gives up after the last attempt, shows the failure, and tries once more after a restart", async () => {
    const { transport } = recordingTransport(true);
    const start = new Date("2026-03-02T09:00:00.000Z");
    await enqueueMail(t.db, mail(), start);
    await t.db
      .updateTable("mailOutbox")
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .execute();
    const result = await processOutbox(t.db, { transport, from: FROM, now: () => start });
    expect(result).toEqual({ sent: 0, retrying: 0, failed: 1, notSent: 0 });
    expect(await countOutboxProblems(t.db)).toEqual({ pending: 0, failed: 1 });

    // A restart (with the SMTP server fixed) gives failed mails of the last week one more go.
    const restart = new Date("2026-03-03T10:00:00.000Z");
    expect(await retryOnStart(t.db, restart)).toBe(1);
    const working = recordingTransport();
    expect(
      await processOutbox(t.db, { transport: working.transport, from: FROM, now: () => restart }),
    ).toMatchObject({ sent: 1 });
    expect(working.sent).toHaveLength(1);
    expect(await countOutboxProblems(t.db)).toEqual({ pending: 0, failed: 0 });
  });

  it("makes a waiting retry due at once after a restart", async () => {
    const { transport } = recordingTransport(true);
    const start = new Date("2026-03-02T09:00:00.000Z");
    await enqueueMail(t.db, mail(), start);
    await processOutbox(t.db, { transport, from: FROM, now: () => start });
    const restart = new Date("2026-03-02T09:00:05.000Z");
    expect(await retryOnStart(t.db, restart)).toBe(1);
    const [row] = await listMailsFor(t.db, "enq_1");
    expect(row?.nextAttemptAt).toBe(restart.toISOString());
  });

  it("without SMTP, logs the mail (link secrets left out) and marks it not sent", async () => {
    await enqueueMail(
      t.db,
      mail({ text: "Confirm: https://example.in/newsletter/confirm?token=s3cr3t-Token_x" }),
    );
    const lines: string[] = [];
    const level = log.level;
    log.level = "info";
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    let result: Awaited<ReturnType<typeof processOutbox>>;
    try {
      result = await processOutbox(t.db, { transport: null, from: FROM });
    } finally {
      spy.mockRestore();
      log.level = level;
    }
    const logged = lines
      .filter((line) => line.includes('"event":"mail_not_sent"'))
      .map((line) => JSON.parse(line))[0];
    expect(logged).toMatchObject({ to: "visitor@example.com", subject: "Hello there" });
    expect(logged.text).toBe("Confirm: https://example.in/newsletter/confirm?token=[redacted]");
    expect(lines.join("")).not.toContain("s3cr3t");
    expect(result).toEqual({ sent: 0, retrying: 0, failed: 0, notSent: 1 });
    const [row] = await listMailsFor(t.db, "enq_1");
    expect(row).toMatchObject({ status: "not_sent", attempts: 0, sentAt: null });
    expect(await countOutboxProblems(t.db)).toEqual({ pending: 0, failed: 0 });
  });

  it("deletes every mail to or about an address", async () => {
    await enqueueMail(t.db, mail());
    await enqueueMail(t.db, mail({ to: "firm@example.in", personEmail: "visitor@example.com" }));
    await enqueueMail(t.db, mail({ to: "VISITOR@example.com", personEmail: null }));
    await enqueueMail(
      t.db,
      mail({ to: "someone@example.com", personEmail: "someone@example.com" }),
    );
    expect(await deleteMailsFor(t.db, " Visitor@Example.com ")).toBe(3);
    const left = await t.db.selectFrom("mailOutbox").select(["toAddress"]).execute();
    expect(left.map((row) => row.toAddress)).toEqual(["someone@example.com"]);
  });
});
