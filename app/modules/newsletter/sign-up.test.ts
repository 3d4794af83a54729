import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listMailsFor } from "~/modules/mail/outbox.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { getSubscriberByEmail } from "./newsletter.server";
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_MESSAGES,
  safeFormId,
  safeReturnPath,
} from "./newsletter-form";
import { type SignUpContext, signUpFromForm, signUpSource } from "./sign-up.server";

const NOW = Date.parse("2026-03-02T09:00:00.000Z");

const form = (fields: Record<string, string>) =>
  new URLSearchParams({ source: "footer", returnTo: "/resources?x=1", ...fields });

describe("newsletter form helpers", () => {
  it("only return to paths on this site, without the result parameters", () => {
    expect(safeReturnPath("/resources?newsletter=subscribed&newsletterForm=f&q=1")).toBe(
      "/resources?q=1",
    );
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil", "javascript:x", 42]) {
      expect(safeReturnPath(bad)).toBe("/");
    }
    expect(safeFormId("footer-newsletter")).toBe("footer-newsletter");
    expect(safeFormId("x y")).toBeUndefined();
    expect(signUpSource("footer", "/about?x=1")).toBe("footer:/about");
    expect(signUpSource("<b>", "https://evil")).toBe("website:/");
  });
});

describe.each(DIALECTS)("newsletter sign-up on %s", (dialect) => {
  let t: TestDatabase;
  let address = 0;
  let context: SignUpContext;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("newsletterSubscribers").execute();
    await t.db.deleteFrom("mailOutbox").execute();
    address += 1;
    context = {
      secret: "test-secret-for-newsletter-sign-up-0123456789",
      clientAddress: `203.0.113.${address}`,
      mail: { enabled: true, baseUrl: "https://www.example.in" },
      now: NOW,
    };
  });

  it("stores a pending sign-up with its consent and source, and queues one confirmation", async () => {
    const outcome = await signUpFromForm(t.db, form({ email: "  Reader@Example.COM " }), context);
    expect(outcome).toMatchObject({
      httpStatus: 200,
      queuedMail: true,
      result: { status: "confirm_sent", message: NEWSLETTER_MESSAGES.confirm_sent },
    });
    const subscriber = await getSubscriberByEmail(t.db, "reader@example.com");
    expect(subscriber).toMatchObject({
      status: "pending",
      source: "footer:/resources",
      consentText: NEWSLETTER_CONSENT_TEXT,
    });
    const [mail] = await listMailsFor(t.db, subscriber!.id);
    expect(mail?.toAddress).toBe("reader@example.com");
    expect(mail?.textBody).toContain(
      `https://www.example.in/newsletter/confirm?token=${subscriber!.token}`,
    );
    expect(mail?.textBody).toContain(
      `https://www.example.in/newsletter/unsubscribe?token=${subscriber!.token}`,
    );
    expect(JSON.parse(mail!.headers)).toEqual({
      "List-Unsubscribe": `<https://www.example.in/newsletter/unsubscribe?token=${subscriber!.token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // Signing up again at once sends no second mail; ten minutes later it does.
    const again = await signUpFromForm(t.db, form({ email: "reader@example.com" }), context);
    expect(again.queuedMail).toBe(false);
    expect(again.result.status).toBe("confirm_sent");
    const later = await signUpFromForm(t.db, form({ email: "reader@example.com" }), {
      ...context,
      now: NOW + 11 * 60 * 1000,
    });
    expect(later.queuedMail).toBe(true);
    expect(await listMailsFor(t.db, subscriber!.id)).toHaveLength(2);
  });

  it("subscribes at once without e-mail, and gives the same answer for a known address", async () => {
    const direct = { ...context, mail: { enabled: false, baseUrl: "http://localhost:3000" } };
    const first = await signUpFromForm(t.db, form({ email: "a@example.com" }), direct);
    expect(first.result).toEqual({
      status: "subscribed",
      message: NEWSLETTER_MESSAGES.subscribed,
    });
    expect((await getSubscriberByEmail(t.db, "a@example.com"))?.status).toBe("subscribed");
    const second = await signUpFromForm(t.db, form({ email: "A@example.com" }), direct);
    expect(second.result).toEqual(first.result);
    expect(await t.db.selectFrom("mailOutbox").selectAll().execute()).toEqual([]);
  });

  it("rejects a bad address with the schema's message, keeping what was typed", async () => {
    const outcome = await signUpFromForm(t.db, form({ email: "reader@" }), context);
    expect(outcome).toMatchObject({
      httpStatus: 400,
      email: "reader@",
      result: { status: "invalid", message: "Enter a valid email address" },
    });
    const empty = await signUpFromForm(t.db, form({ email: "" }), context);
    expect(empty.result.message).toBe("Email is required");
  });

  it("answers a filled honeypot as usual and stores nothing", async () => {
    const outcome = await signUpFromForm(
      t.db,
      form({ email: "bot@example.com", hp_website: "http://spam" }),
      context,
    );
    expect(outcome.result.status).toBe("confirm_sent");
    expect(await getSubscriberByEmail(t.db, "bot@example.com")).toBeUndefined();
  });

  it("turns an address away after 5 sign-ups in 10 minutes", async () => {
    for (let i = 0; i < 5; i++) {
      const ok = await signUpFromForm(t.db, form({ email: `r${i}@example.com` }), context);
      expect(ok.result.status).toBe("confirm_sent");
    }
    const sixth = await signUpFromForm(t.db, form({ email: "r6@example.com" }), context);
    expect(sixth).toMatchObject({
      httpStatus: 429,
      email: "r6@example.com",
      result: { status: "rate_limited" },
    });
    expect(await getSubscriberByEmail(t.db, "r6@example.com")).toBeUndefined();
  });
});
