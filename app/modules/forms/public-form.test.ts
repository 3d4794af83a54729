import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DB } from "~/db/client.server";
import { createEnquiry } from "~/modules/enquiries/enquiries.server";
import type { Enquiry } from "~/modules/enquiries/enquiry.schema";
import { BLANK_OPTIONALS } from "~/modules/enquiries/enquiry-fixtures";
import { enqueueMail } from "~/modules/mail/outbox.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { auditEntries, FORCED_FAILURE, failingOn } from "../../../tests/support/write-path";
import {
  type PublicForm,
  type PublicFormOutcome,
  submitPublicForm,
  WEBSITE_VISITOR,
} from "./public-form.server";
import { issueFormToken, MIN_FILL_MS, type RateLimit } from "./spam-defence.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, PERSON_CHECK_FIELD } from "./spam-fields";

/*
 * The pipeline every visitor form goes through (public-form.server.ts), with a tiny form of its
 * own: a name and an e-mail address, stored as an enquiry with one mail and one audit entry.
 */

const SECRET = "test-secret-for-the-public-form-0123456789";
const NOW = Date.parse("2026-03-02T09:00:00.000Z");
const LIMIT: RateLimit = { bucket: "public-form-test", windows: [[50, 10 * 60 * 1000]] };
/** Two posts per address in ten minutes: for the tests of the limit itself. */
const TIGHT_LIMIT: RateLimit = { bucket: "public-form-test", windows: [[2, 10 * 60 * 1000]] };

const tinySchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(40, "Must be at most 40 characters"),
  email: z.string().trim().pipe(z.email("Enter a valid email address")),
});
type TinyInput = z.output<typeof tinySchema>;
type TinyValues = { name: string; email: string };

const text = (fields: FormData | URLSearchParams, name: string) => {
  const value = fields.get(name);
  return typeof value === "string" ? value : "";
};

/** The tiny form; `closed` makes its store answer "closed" (an answer of the form's own). */
function tinyForm(
  options: { closed?: boolean; withoutToken?: boolean; rateLimit?: RateLimit } = {},
): PublicForm<TinyInput, TinyValues, Enquiry, "closed"> {
  return {
    logAs: "tiny_form",
    schema: tinySchema,
    valuesOf: (fields) => ({ name: text(fields, "name"), email: text(fields, "email") }),
    rateLimit: options.rateLimit ?? LIMIT,
    withoutToken: options.withoutToken ? { honeypotField: "hp_tiny" } : undefined,
    async store(trx, input, { spamReason }) {
      const enquiry = await createEnquiry(
        trx,
        {
          firstName: input.name,
          lastName: "",
          email: input.email,
          company: "Tiny Ltd",
          ...BLANK_OPTIONALS,
          newsletter: false,
        },
        { source: "contact_form", spamReason },
      );
      if (options.closed) return { special: "closed" };
      return {
        result: enquiry,
        audit: {
          action: "create",
          entityType: "enquiry",
          entityId: enquiry.id,
          summary: `${enquiry.fullName} sent the tiny form`,
        },
      };
    },
    async mail(trx, enquiry) {
      await enqueueMail(trx, {
        kind: "tiny_form_thanks",
        to: enquiry.email,
        subject: "Thanks",
        text: "Thanks",
        html: "<p>Thanks</p>",
        relatedId: enquiry.id,
      });
      return true;
    },
  };
}

describe.each(DIALECTS)("the public form pipeline on %s", (dialect) => {
  let t: TestDatabase;
  let address = 0;
  let clientAddress: string;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    for (const table of ["enquiries", "mailOutbox", "formTokenUses", "auditLog"] as const) {
      await t.db.deleteFrom(table).execute();
    }
    address += 1;
    clientAddress = `198.51.100.${address}`;
  });

  const tokenAged = (ageMs: number) => issueFormToken(SECRET, NOW - ageMs);
  const fields = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      name: "Asha Rao",
      email: "asha@example.com",
      [FORM_TOKEN_FIELD]: tokenAged(20_000),
      ...extra,
    });

  const send = (
    posted: URLSearchParams,
    form = tinyForm(),
    options: { db?: DB; now?: number; otherErrors?: Record<string, string> } = {},
  ): Promise<PublicFormOutcome<TinyInput, TinyValues, Enquiry, "closed">> =>
    submitPublicForm(
      options.db ?? t.db,
      form,
      { fields: posted, otherErrors: options.otherErrors },
      { secret: SECRET, clientAddress, now: options.now ?? NOW },
    );

  const stored = async () => ({
    enquiries: await t.db.selectFrom("enquiries").select(["email", "spamReason"]).execute(),
    mails: await t.db.selectFrom("mailOutbox").select(["kind", "toAddress"]).execute(),
    tokenUses: (await t.db.selectFrom("formTokenUses").select("id").execute()).length,
    audit: await auditEntries(t.db),
  });
  const NOTHING = { enquiries: [], mails: [], tokenUses: 0, audit: [] };

  it("stores a good post, queues its mail and writes one audit entry, in one go", async () => {
    const outcome = await send(fields());
    expect(outcome).toMatchObject({
      kind: "stored",
      queuedMail: true,
      values: { name: "Asha Rao", email: "asha@example.com" },
      data: { name: "Asha Rao", email: "asha@example.com" },
      stored: { fullName: "Asha Rao", spamReason: null },
    });
    expect(await stored()).toEqual({
      enquiries: [{ email: "asha@example.com", spamReason: null }],
      mails: [{ kind: "tiny_form_thanks", toAddress: "asha@example.com" }],
      tokenUses: 1,
      audit: [
        {
          actorId: WEBSITE_VISITOR.id,
          actorName: WEBSITE_VISITOR.name,
          action: "create",
          entityType: "enquiry",
          entityId: (outcome as { stored: Enquiry }).stored.id,
          summary: "Asha Rao sent the tiny form",
        },
      ],
    });
  });

  it("answers bad input with one message per field and what was typed, storing nothing", async () => {
    const outcome = await send(fields({ name: "  ", email: "not-an-email" }), tinyForm(), {
      otherErrors: { cv: "Attach your CV" },
    });
    expect(outcome).toEqual({
      kind: "invalid",
      values: { name: "  ", email: "not-an-email" },
      errors: {
        name: "Name is required",
        email: "Enter a valid email address",
        cv: "Attach your CV",
      },
    });
    // A message from outside the schema alone refuses the post too.
    expect(await send(fields(), tinyForm(), { otherErrors: { cv: "Attach your CV" } })).toEqual({
      kind: "invalid",
      values: { name: "Asha Rao", email: "asha@example.com" },
      errors: { cv: "Attach your CV" },
    });
    expect(await stored()).toEqual(NOTHING);
  });

  it("files a filled honeypot in the spam folder without mail", async () => {
    const outcome = await send(fields({ [HONEYPOT_FIELD]: "http://spam.example" }));
    expect(outcome).toMatchObject({ kind: "spam", spamReason: "honeypot" });
    const after = await stored();
    expect(after.enquiries).toEqual([{ email: "asha@example.com", spamReason: "honeypot" }]);
    expect(after.mails).toEqual([]);
  });

  it("files a replayed token as spam", async () => {
    const token = tokenAged(20_000);
    expect((await send(fields({ [FORM_TOKEN_FIELD]: token }))).kind).toBe("stored");
    const replay = await send(fields({ [FORM_TOKEN_FIELD]: token, email: "bot@example.com" }));
    expect(replay).toMatchObject({ kind: "spam", spamReason: "replayed_token" });
    const after = await stored();
    expect(after.enquiries).toContainEqual({
      email: "bot@example.com",
      spamReason: "replayed_token",
    });
    expect(after.mails).toHaveLength(1);
  });

  it("asks a post that came too fast for the person check, storing nothing; its token is unused", async () => {
    const token = tokenAged(MIN_FILL_MS - 2_000);
    const fast = await send(fields({ [FORM_TOKEN_FIELD]: token }));
    expect(fast).toMatchObject({
      kind: "refused",
      refusal: { status: "confirm", httpStatus: 400, boxMissing: false },
      values: { name: "Asha Rao" },
    });
    // Only the form token's use is kept (decision 0014): no record, no mail, no audit entry.
    expect(await stored()).toEqual({ ...NOTHING, tokenUses: 1 });
    // The person-check token it was given is unused: sent with the box ticked, the post is stored.
    const confirmToken = (fast as { refusal: { formToken: string } }).refusal.formToken;
    const confirmed = await send(
      fields({ [FORM_TOKEN_FIELD]: confirmToken, [PERSON_CHECK_FIELD]: "on" }),
    );
    expect(confirmed).toMatchObject({ kind: "stored", stored: { spamReason: null } });
    expect((await stored()).mails).toHaveLength(1);
  });

  it("stores nothing and leaves the token unused when storing fails", async () => {
    const token = tokenAged(20_000);
    for (const table of ["enquiries", "mailOutbox", "auditLog"] as const) {
      const failed = await send(fields({ [FORM_TOKEN_FIELD]: token }), tinyForm(), {
        db: failingOn(t.db, table),
      });
      expect(failed).toMatchObject({ kind: "failed", values: { email: "asha@example.com" } });
      expect((failed as { error: Error }).error.message).toBe(FORCED_FAILURE);
      expect(await stored()).toEqual(NOTHING);
    }
    expect((await send(fields({ [FORM_TOKEN_FIELD]: token }))).kind).toBe("stored");
  });

  it("rolls back what the store wrote when it gives an answer of the form's own", async () => {
    const outcome = await send(fields(), tinyForm({ closed: true }));
    expect(outcome).toMatchObject({ kind: "special", special: "closed" });
    expect(await stored()).toEqual(NOTHING);
  });

  it("turns an address away over the form's limit, counting only screened posts", async () => {
    const form = tinyForm({ rateLimit: TIGHT_LIMIT });
    const once = fields();
    expect((await send(fields({ name: "" }), form)).kind).toBe("invalid");
    expect((await send(once, form)).kind).toBe("stored");
    expect((await send(once, form)).kind).toBe("spam");
    expect(await send(fields(), form)).toMatchObject({
      kind: "refused",
      refusal: { status: "rate_limited", httpStatus: 429 },
    });
    expect((await stored()).enquiries).toHaveLength(2);
  });

  it("without a token: a honeypot is thanked with nothing stored or counted; the limit applies", async () => {
    const form = tinyForm({ withoutToken: true, rateLimit: TIGHT_LIMIT });
    const bare = new URLSearchParams({ name: "Asha Rao", email: "asha@example.com" });
    for (let i = 0; i < 3; i++) {
      const bot = await send(
        new URLSearchParams({ ...Object.fromEntries(bare), hp_tiny: "x" }),
        form,
      );
      expect(bot).toMatchObject({ kind: "spam", spamReason: "honeypot" });
    }
    expect((await stored()).enquiries).toEqual([]);
    expect(await send(bare, form)).toMatchObject({ kind: "stored", queuedMail: true });
    expect((await send(bare, form)).kind).toBe("stored");
    expect(await send(bare, form)).toMatchObject({
      kind: "refused",
      refusal: { status: "rate_limited" },
    });
    const after = await stored();
    expect(after.enquiries).toHaveLength(2);
    expect(after.tokenUses).toBe(0);
  });
});
