import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../../../tests/support/smtp-server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  enqueueMail,
  listMailsFor,
  type MailTransport,
  type TransportMessage,
} from "./outbox.server";
import { claimDueMails } from "./outbox-claims.server";
import { createSmtpTransport } from "./transport.server";
import { startOutboxWorker } from "./worker.server";

describe("the outbox worker", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("sends at start and again as soon as it is woken, without waiting for its timer", async () => {
    const smtp = await startSmtpServer();
    const transport = createSmtpTransport(smtp.url);
    await enqueueMail(t.db, {
      kind: "test",
      to: "a@example.com",
      subject: "First",
      text: "1",
      html: "<p>1</p>",
      relatedId: "w1",
    });
    const worker = startOutboxWorker({
      db: t.db,
      transport,
      from: "Site <no-reply@example.in>",
      intervalMs: 60 * 60 * 1000,
    });
    try {
      await smtp.waitForMessages(1);
      await enqueueMail(t.db, {
        kind: "test",
        to: "b@example.com",
        subject: "Second",
        text: "2",
        html: "<p>2</p>",
        relatedId: "w2",
      });
      worker.wake();
      const messages = await smtp.waitForMessages(2, 5000);
      expect(messages.map((m) => m.subject)).toEqual(["First", "Second"]);
    } finally {
      await worker.stop();
      transport.close();
      await smtp.stop();
    }
    // stop() waited for the run in progress, so both outcomes are recorded.
    for (const id of ["w1", "w2"]) {
      expect((await listMailsFor(t.db, id))[0]?.status).toBe("sent");
    }
  });
});

/** A transport whose sends all wait until the test lets them go. */
function heldTransport() {
  const calls: TransportMessage[] = [];
  let letGo = () => {};
  const released = new Promise<void>((done) => {
    letGo = done;
  });
  let firstCalled = () => {};
  const firstSend = new Promise<void>((done) => {
    firstCalled = done;
  });
  const transport: MailTransport = {
    async send(message) {
      calls.push(message);
      firstCalled();
      await released;
      return { messageId: `<${calls.length}@test>` };
    },
  };
  return { calls, transport, firstSend, release: () => letGo() };
}

describe.each(DIALECTS)("stopping the outbox worker at shutdown, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("waits for the send in progress, claims nothing more and hands the rest back at once", async () => {
    for (const [index, subject] of ["First", "Second", "Third"].entries()) {
      await enqueueMail(t.db, {
        kind: "test",
        to: `person${index}@example.com`,
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
        relatedId: `${dialect}-stop-${index}`,
      });
    }
    const held = heldTransport();
    const worker = startOutboxWorker({
      db: t.db,
      transport: held.transport,
      from: "Site <no-reply@example.in>",
      intervalMs: 60 * 60 * 1000,
    });
    await held.firstSend;

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    // The SMTP server has not answered yet, so stop() cannot be done.
    await new Promise((done) => setTimeout(done, 100));
    expect(stopped).toBe(false);
    held.release();
    await stopping;

    // Only the mail that was being sent went out, and it is recorded as sent (the database was
    // still open for it).
    expect(held.calls.map((m) => m.subject)).toEqual(["First"]);
    const [first] = await listMailsFor(t.db, `${dialect}-stop-0`);
    expect(first).toMatchObject({ status: "sent", attempts: 1, claimToken: null });
    // The other two were claimed with it but are back in the outbox, unclaimed and due now.
    for (const index of [1, 2]) {
      const [row] = await listMailsFor(t.db, `${dialect}-stop-${index}`);
      expect(row).toMatchObject({
        status: "pending",
        attempts: 0,
        claimToken: null,
        lockedUntil: null,
      });
    }

    // A stopped worker does nothing when woken; another process takes the two mails right away.
    worker.wake();
    const taken = await claimDueMails(t.db);
    expect(taken.map((row) => row.subject)).toEqual(["Second", "Third"]);
    expect(held.calls).toHaveLength(1);
  });
});
