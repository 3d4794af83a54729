import type { MailTransport, OutgoingMail, TransportMessage } from "./outbox.server";

/* Shared by the outbox's tests (outbox*.test.ts): a sender, a mail and a transport that records. */

export const FROM = "Total Rewards Consulting <no-reply@example.in>";

/** A mail to a visitor, with what a test changes. */
export const testMail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: "test_mail",
  to: "visitor@example.com",
  subject: "Hello there",
  text: "Plain text body",
  html: "<p>HTML body</p>",
  personEmail: "Visitor@Example.com",
  relatedId: "enq_1",
  ...overrides,
});

/** A transport that records what it was asked to send (and can be told to fail). */
export function recordingTransport(fail = false) {
  const sent: TransportMessage[] = [];
  const transport: MailTransport = {
    async send(message) {
      if (fail) throw Object.assign(new Error("Connection refused"), { code: "ECONNECTION" });
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
  };
  return { sent, transport };
}
