import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnquiry } from "~/modules/enquiries/enquiries.server";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/modules/forms/spam-fields";
import type { TransportMessage } from "~/modules/mail/outbox.server";
import { listMailsFor } from "~/modules/mail/outbox.server";
import { processOutbox } from "~/modules/mail/outbox-sender.server";
import { mailFiles } from "~/modules/mail/transport.server";
import { createEndpoint } from "~/modules/webhooks/webhook-commands.server";
import { webhookKey } from "~/modules/webhooks/webhook-secrets.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../../tests/support/test-database";
import { ctcCalculator } from "../ctc-to-in-hand/ctc-calculator";
import { submitBreakdownRequest } from "./breakdown-request.server";
import { BREAKDOWN_QUERY_FIELD } from "./breakdown-request-fields";

/*
 * "E-mail me this breakdown" on SQLite and PostgreSQL: a lead with the calculator as its source,
 * a mail with the breakdown's PDF attached that the outbox sends with the file, and the refusals
 * (bad fields, figures that do not compute, spam) that store or send nothing they should not.
 */

const SECRET = "test-secret-for-calculator-breakdowns-0123456789";
const NOW = Date.parse("2026-03-02T09:00:00.000Z");
const BASE = "https://trc.example.in";
const QUERY = "fy=2025-26&ctc=2400000&basic=50&hra=40&state=MH&rent=30000&metro=1";

let address = 0;
const context = () => ({
  secret: SECRET,
  clientAddress: `198.51.100.${++address}`,
  baseUrl: BASE,
  now: NOW,
});
const post = (values: Record<string, string>) =>
  new URLSearchParams({
    [FORM_TOKEN_FIELD]: issueFormToken(SECRET, NOW - 30_000),
    [BREAKDOWN_QUERY_FIELD]: QUERY,
    ...values,
  });
const PERSON = { name: "Asha Rao", email: "asha@example.in", company: "Rao Foods" };

describe.each(DIALECTS)("calculator breakdown by e-mail (%s)", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    // An endpoint that takes enquiries: a calculator lead is one (decision 0054).
    const made = await createEndpoint(
      t.db,
      { id: null, name: "Admin" },
      webhookKey("test-auth-secret-for-webhooks-0123456789"),
      { allowPrivate: true, requireHttps: false },
      { url: "http://127.0.0.1:9/hooks", description: "", events: ["enquiry.created"] },
    );
    if (!made.ok) throw new Error(made.error);
  });
  const deliveriesFor = async (enquiryId: string) =>
    (
      await t.db
        .selectFrom("webhookDeliveries")
        .select(["eventType", "body"])
        .where("eventType", "=", "enquiry.created")
        .execute()
    )
      .map((row) => ({
        type: row.eventType,
        body: JSON.parse(row.body) as { data?: { id?: string } },
      }))
      .filter((row) => row.body.data?.id === enquiryId);
  afterAll(async () => {
    await t.destroy();
  });

  it("stores a calculator lead and queues the mail with the PDF, which the outbox sends attached", async () => {
    const outcome = await submitBreakdownRequest(t.db, ctcCalculator, post(PERSON), context());
    expect(outcome.result).toEqual({ status: "success", emailedTo: "asha@example.in" });
    expect(outcome.queuedMail).toBe(true);
    const enquiry = await getEnquiry(t.db, outcome.enquiry?.id ?? "");
    expect(enquiry?.source).toBe("calculator:ctc-to-in-hand");
    expect(enquiry?.company).toBe("Rao Foods");
    expect(enquiry?.message).toContain("CTC to in-hand salary calculator");
    expect(enquiry?.message).toContain(`${BASE}/tools/ctc-to-in-hand?fy=2025-26&ctc=2400000`);

    // The consent the form's words ask for, in the ledger against this lead.
    const consents = await t.db
      .selectFrom("consents")
      .select(["purpose", "action", "form", "recordType", "recordId"])
      .where("recordId", "=", enquiry?.id ?? "")
      .execute();
    expect(consents).toEqual([
      {
        purpose: "enquiry",
        action: "given",
        form: "calculator",
        recordType: "enquiry",
        recordId: enquiry?.id,
      },
    ]);

    // The lead's `enquiry.created` webhook, queued with it, naming the calculator as its source.
    const deliveries = await deliveriesFor(enquiry?.id ?? "");
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.body).toMatchObject({
      type: "enquiry.created",
      data: {
        id: enquiry?.id,
        email: "asha@example.in",
        company: "Rao Foods",
        source: "calculator:ctc-to-in-hand",
      },
    });

    const [mail] = await listMailsFor(t.db, enquiry?.id ?? "");
    expect(mail?.kind).toBe("calculator_breakdown");
    expect(mail?.toAddress).toBe("asha@example.in");
    expect(mail?.subject).toBe("Your breakdown: CTC to in-hand, FY 2025-26");
    expect(mail?.textBody).toContain("In hand a month, new regime: ₹");

    const sent: TransportMessage[] = [];
    await processOutbox(t.db, {
      transport: {
        async send(message) {
          sent.push(message);
          return { messageId: "m1" };
        },
      },
      from: "site@example.in",
    });
    const [message] = sent;
    const [pdf] = message?.attachments ?? [];
    expect(pdf?.filename).toBe("ctc-to-in-hand-breakdown.pdf");
    expect(pdf?.contentType).toBe("application/pdf");
    const bytes = Buffer.from(pdf?.contentBase64 ?? "", "base64");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // What nodemailer is given: the file as an attachment.
    const parts = mailFiles(message as TransportMessage);
    expect(parts.attachments?.[0]).toMatchObject({
      filename: "ctc-to-in-hand-breakdown.pdf",
      contentDisposition: "attachment",
    });
  });

  it("answers bad fields with a message per field and stores nothing", async () => {
    const outcome = await submitBreakdownRequest(
      t.db,
      ctcCalculator,
      post({ name: "", email: "not-an-address", company: "X" }),
      context(),
    );
    expect(outcome.httpStatus).toBe(400);
    expect(outcome.result).toMatchObject({
      status: "invalid",
      fieldErrors: { name: "Name is required", email: "Enter a valid email address" },
      values: { email: "not-an-address" },
    });
    expect(outcome.enquiry).toBeUndefined();
  });

  it("refuses figures that do not compute, before anything is stored", async () => {
    const fields = post(PERSON);
    fields.set(BREAKDOWN_QUERY_FIELD, "ctc=abc");
    const outcome = await submitBreakdownRequest(t.db, ctcCalculator, fields, context());
    expect(outcome.httpStatus).toBe(400);
    expect(outcome.result).toMatchObject({
      status: "invalid",
      formError: expect.stringContaining("figures need attention"),
    });
    expect(outcome.queuedMail).toBe(false);
  });

  it("holds a filled honeypot as spam: thanked, stored as spam, nobody mailed", async () => {
    const outcome = await submitBreakdownRequest(
      t.db,
      ctcCalculator,
      post({ ...PERSON, email: "bot@example.in", [HONEYPOT_FIELD]: "http://spam" }),
      context(),
    );
    expect(outcome.result).toEqual({ status: "success", emailedTo: "" });
    expect(outcome.queuedMail).toBe(false);
    expect(outcome.enquiry?.source).toBe("calculator:ctc-to-in-hand");
    expect(await listMailsFor(t.db, outcome.enquiry?.id ?? "")).toEqual([]);
    // Nor are the receivers told of it, as with the contact form.
    expect(await deliveriesFor(outcome.enquiry?.id ?? "")).toEqual([]);
  });

  it("queues no webhook for a request that stores nothing", async () => {
    const before = await t.db
      .selectFrom("webhookDeliveries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const outcome = await submitBreakdownRequest(
      t.db,
      ctcCalculator,
      post({ name: "", email: "x", company: "" }),
      context(),
    );
    expect(outcome.httpStatus).toBe(400);
    const after = await t.db
      .selectFrom("webhookDeliveries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
