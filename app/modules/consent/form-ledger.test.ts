import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENQUIRY_NEWSLETTER_LABEL } from "~/modules/enquiries/contact-form";
import { submitContactForm } from "~/modules/enquiries/contact-submission.server";
import { NOW, SECRET, tokenAged } from "~/modules/enquiries/contact-submission-fixtures";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/modules/forms/spam-fields";
import { consentsOf, consentsOfRecord } from "~/modules/privacy/consent-ledger.server";
import { shortNoticeWords } from "~/modules/privacy/purposes";
import { emailOfWithdrawToken, withdrawToken } from "~/modules/privacy/withdraw-token.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { withdrawConsent } from "./withdraw.server";

/*
 * The contact form writes its consents to the ledger in the store's own transaction (decision
 * 0061): the form's purpose with the short notice's exact words, and the newsletter box only
 * when ticked; each with the notice version in force.
 */

const form = (fields: Record<string, string>) =>
  new URLSearchParams({
    firstName: "Asha",
    lastName: "Iyer",
    company: "Acme Ltd",
    [FORM_TOKEN_FIELD]: tokenAged(20_000),
    ...fields,
  });

describe.each(DIALECTS)("the contact form's consents on %s", (dialect) => {
  let t: TestDatabase;
  let address = 0;
  const context = () => {
    address += 1;
    return {
      secret: SECRET,
      clientAddress: `198.51.100.${address}`,
      mail: { enabled: true, baseUrl: "https://www.example.in" },
      now: NOW,
    };
  };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("records handling the enquiry with the short notice's words and version, nothing else unticked", async () => {
    const sent = await submitContactForm(t.db, form({ email: "Asha@Example.in" }), context());
    expect(sent.result).toEqual({ status: "success" });
    const rows = await consentsOfRecord(t.db, "enquiry", sent.enquiry!.id);
    expect(rows).toMatchObject([
      {
        email: "asha@example.in",
        purpose: "enquiry",
        action: "given",
        form: "contact",
        noticeVersion: 2,
        words: shortNoticeWords("contact"),
      },
    ]);
  });

  it("records the newsletter apart, with the box's words, when it is ticked", async () => {
    const sent = await submitContactForm(
      t.db,
      form({ email: "ravi@example.in", newsletter: "on" }),
      context(),
    );
    expect(sent.result).toEqual({ status: "success" });
    const rows = await consentsOf(t.db, "ravi@example.in");
    expect(rows.map((r) => [r.purpose, r.words])).toEqual([
      ["enquiry", shortNoticeWords("contact")],
      ["newsletter", ENQUIRY_NEWSLETTER_LABEL],
    ]);
    // Withdrawing through the mail's link: the token names the address; the subscription ends.
    const email = emailOfWithdrawToken(SECRET, withdrawToken(SECRET, "ravi@example.in"));
    expect(await withdrawConsent(t.db, { email: email!, purpose: "newsletter" })).toBe("withdrawn");
    const subscriber = await t.db
      .selectFrom("newsletterSubscribers")
      .select("status")
      .where("email", "=", "ravi@example.in")
      .executeTakeFirstOrThrow();
    expect(subscriber.status).toBe("unsubscribed");
  });

  it("records nothing for a post held back as spam", async () => {
    const sent = await submitContactForm(
      t.db,
      form({ email: "spam@example.in", [HONEYPOT_FIELD]: "http://spam.example" }),
      context(),
    );
    expect(sent.enquiry?.id).toBeDefined();
    expect(await consentsOf(t.db, "spam@example.in")).toEqual([]);
  });
});
