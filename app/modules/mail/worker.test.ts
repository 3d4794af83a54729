import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../../../tests/support/smtp-server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { enqueueMail, listMailsFor } from "./outbox.server";
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
