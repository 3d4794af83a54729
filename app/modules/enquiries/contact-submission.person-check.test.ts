import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueFormToken, MAX_TOKEN_AGE_MS, MIN_FILL_MS } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import { listMailsFor } from "~/modules/mail/outbox.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { CONTACT_MESSAGES, type ContactResult } from "./contact-form";
import { type ContactSubmissionContext, submitContactForm } from "./contact-submission.server";
import { NOW, SECRET, tokenAged } from "./contact-submission-fixtures";
import { listEnquiries } from "./inbox-list.server";

/*
 * Issue 12, items 3 and 16: a post sent too fast is not filed as spam on timing alone (the visitor
 * is asked to confirm they are a person), and a form token is good for one submission.
 */

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams({
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@example.com",
    company: "Acme Ltd",
    message: "Autofill filled this in a second.",
    [FORM_TOKEN_FIELD]: tokenAged(20_000),
    ...fields,
  });
}

const freshTokenOf = (result: ContactResult) => (result as { formToken?: string }).formToken ?? "";

describe.each(DIALECTS)("the person check and single-use tokens on %s", (dialect) => {
  let t: TestDatabase;
  let address = 0;
  let context: ContactSubmissionContext;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("enquiries").execute();
    await t.db.deleteFrom("mailOutbox").execute();
    await t.db.deleteFrom("formTokenUses").execute();
    address += 1;
    context = {
      secret: SECRET,
      clientAddress: `203.0.113.${address}`,
      mail: { enabled: true, baseUrl: "https://www.example.in", notifyTo: "leads@example.in" },
      now: NOW,
    };
  });

  const allEnquiries = async () =>
    (await listEnquiries(t.db)).total + (await listEnquiries(t.db, { spam: true })).total;

  it("asks a visitor who sent the form too fast to confirm they are a person, filing nothing", async () => {
    const fast = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: tokenAged(800) }),
      context,
    );
    expect(fast.httpStatus).toBe(400);
    expect(fast.queuedMail).toBe(false);
    expect(fast.result).toMatchObject({
      status: "confirm",
      formError: CONTACT_MESSAGES.confirm,
      fieldErrors: {},
      values: { firstName: "Jane", message: "Autofill filled this in a second." },
    });
    expect(freshTokenOf(fast.result)).not.toBe("");
    // Not a false Thank You, and nothing in the spam folder that nobody looks at.
    expect(await allEnquiries()).toBe(0);
    expect(await t.db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
  });

  it("sends the enquiry normally once the visitor confirms, however quickly they do", async () => {
    const fast = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: tokenAged(500) }),
      context,
    );
    const confirmed = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: freshTokenOf(fast.result), [PERSON_CHECK_FIELD]: "on" }),
      { ...context, now: NOW + 400 },
    );
    expect(confirmed.result).toEqual({ status: "success" });
    expect(confirmed.httpStatus).toBe(200);
    expect(confirmed.queuedMail).toBe(true);
    expect(confirmed.enquiry?.spamReason).toBeNull();
    const mails = await listMailsFor(t.db, confirmed.enquiry!.id);
    expect(mails.map((m) => m.kind).sort()).toEqual([
      "enquiry_acknowledgement",
      "enquiry_notification",
    ]);
  });

  it("asks again, with a message on the box, when the box was not ticked", async () => {
    const fast = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: tokenAged(500) }),
      context,
    );
    const unticked = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: freshTokenOf(fast.result), message: "Still here" }),
      { ...context, now: NOW + 5_000 },
    );
    expect(unticked.httpStatus).toBe(400);
    expect(unticked.result).toMatchObject({
      status: "confirm",
      formError: CONTACT_MESSAGES.confirm,
      fieldErrors: { [PERSON_CHECK_FIELD]: CONTACT_MESSAGES.confirmPersonRequired },
      values: { message: "Still here" },
    });
    const ticked = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: freshTokenOf(unticked.result), [PERSON_CHECK_FIELD]: "on" }),
      { ...context, now: NOW + 6_000 },
    );
    expect(ticked.result).toEqual({ status: "success" });
    expect((await listEnquiries(t.db)).total).toBe(1);
  });

  it("ignores a ticked box sent with an ordinary token: the timing still asks for the check", async () => {
    const bot = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: tokenAged(100), [PERSON_CHECK_FIELD]: "on" }),
      context,
    );
    expect(bot.result.status).toBe("confirm");
    expect(await allEnquiries()).toBe(0);
  });

  it("still files a too-fast post with another sign of a bot as spam, quietly", async () => {
    const bot = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: tokenAged(100), [HONEYPOT_FIELD]: "http://spam.example" }),
      context,
    );
    expect(bot.result).toEqual({ status: "success" });
    expect(bot.queuedMail).toBe(false);
    const spam = await listEnquiries(t.db, { spam: true });
    expect(spam.items.map((e) => e.spamReason)).toEqual(["honeypot"]);
  });

  it("accepts a form token once; a replay is filed as spam quietly, without mails", async () => {
    const token = tokenAged(20_000);
    const first = await submitContactForm(t.db, form({ [FORM_TOKEN_FIELD]: token }), context);
    const replay = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: token, email: "again@example.com" }),
      { ...context, clientAddress: "192.0.2.77", now: NOW + 60_000 },
    );
    expect(first.result).toEqual({ status: "success" });
    expect(first.enquiry?.spamReason).toBeNull();
    expect(replay.result).toEqual({ status: "success" });
    expect(replay.queuedMail).toBe(false);
    expect((await listEnquiries(t.db)).total).toBe(1);
    const spam = await listEnquiries(t.db, { spam: true });
    expect(spam.items.map((e) => [e.email, e.spamReason])).toEqual([
      ["again@example.com", "replayed_token"],
    ]);
    expect(await listMailsFor(t.db, spam.items[0]!.id)).toEqual([]);
  });

  it("lets only one of several posts racing with the same token through", async () => {
    const token = tokenAged(20_000);
    const posts = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        submitContactForm(
          t.db,
          form({ [FORM_TOKEN_FIELD]: token, email: `race${i}@example.com` }),
          {
            ...context,
            clientAddress: `192.0.2.${100 + i}`,
          },
        ),
      ),
    );
    expect(posts.map((p) => p.result.status)).toEqual(["success", "success", "success", "success"]);
    expect((await listEnquiries(t.db)).total).toBe(1);
    expect((await listEnquiries(t.db, { spam: true })).total).toBe(3);
  });

  it("accepts the confirmation token once too", async () => {
    const fast = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: tokenAged(500) }),
      context,
    );
    const confirmToken = freshTokenOf(fast.result);
    const fields = { [FORM_TOKEN_FIELD]: confirmToken, [PERSON_CHECK_FIELD]: "on" };
    await submitContactForm(t.db, form(fields), context);
    const replay = await submitContactForm(t.db, form({ ...fields, email: "bot@example.com" }), {
      ...context,
      clientAddress: "192.0.2.9",
    });
    expect(replay.result).toEqual({ status: "success" });
    const spam = await listEnquiries(t.db, { spam: true });
    expect(spam.items.map((e) => [e.email, e.spamReason])).toEqual([
      ["bot@example.com", "replayed_token"],
    ]);
  });

  it("keeps a token usable when its post was turned away, so the visitor can send again", async () => {
    const token = tokenAged(20_000);
    const invalid = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: token, email: "not-an-email" }),
      context,
    );
    expect(invalid.result.status).toBe("invalid");
    const corrected = await submitContactForm(t.db, form({ [FORM_TOKEN_FIELD]: token }), context);
    expect(corrected.result).toEqual({ status: "success" });
    expect(corrected.enquiry?.spamReason).toBeNull();
  });

  it("forgets used tokens once they would have expired anyway", async () => {
    await submitContactForm(t.db, form({}), context);
    const countUses = async () =>
      (await t.db.selectFrom("formTokenUses").select("id").execute()).length;
    expect(await countUses()).toBe(1);
    const dayLater = NOW + MAX_TOKEN_AGE_MS + 60 * 60 * 1000;
    await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: issueFormToken(SECRET, dayLater - MIN_FILL_MS) }),
      { ...context, now: dayLater },
    );
    // The first token's row is gone; the second post's token is recorded.
    expect(await countUses()).toBe(1);
  });
});
