import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  addressKey,
  checkFormToken,
  issueConfirmToken,
  issueFormToken,
  MAX_TOKEN_AGE_MS,
  type RateLimit,
} from "./spam-defence.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, PERSON_CHECK_FIELD } from "./spam-fields";
import {
  type SpamAdmission,
  type SpamScreen,
  type SpamSignals,
  screenSubmission,
  spamRefusalAnswer,
  spamSignalsOf,
} from "./spam-screen.server";

/*
 * The spam defence shared by the contact, job application and resource request forms
 * (docs/decisions/0014): one step before the transaction, one inside it.
 */

const SECRET = "test-secret-for-the-spam-screen-0123456789";
const NOW = Date.parse("2026-03-02T09:00:00.000Z");
const LIMIT: RateLimit = { bucket: "screen-test", windows: [[50, 10 * 60 * 1000]] };
/** Two posts per address in ten minutes: for the test of the limit itself. */
const TIGHT_LIMIT: RateLimit = { bucket: "screen-test", windows: [[2, 10 * 60 * 1000]] };
const MESSAGES = {
  expired: "Too old",
  confirm: "Confirm you are a person",
  confirmPersonRequired: "Tick the box",
  rateLimited: "Wait a little",
};

const tokenAged = (ageMs: number) => issueFormToken(SECRET, NOW - ageMs);
const signals = (fields: Partial<SpamSignals> = {}): SpamSignals => ({
  formToken: tokenAged(20_000),
  honeypot: "",
  personChecked: false,
  ...fields,
});

describe("spamSignalsOf", () => {
  it("reads the token, the honeypot and the person check's box as browsers send them", () => {
    const form = new URLSearchParams({
      [FORM_TOKEN_FIELD]: "v1.token",
      [HONEYPOT_FIELD]: "bot text",
      [PERSON_CHECK_FIELD]: "on",
    });
    expect(spamSignalsOf(form)).toEqual({
      formToken: "v1.token",
      honeypot: "bot text",
      personChecked: true,
    });
    expect(spamSignalsOf(new FormData()).personChecked).toBe(false);
    expect(spamSignalsOf(new URLSearchParams({ [PERSON_CHECK_FIELD]: "yes" })).personChecked).toBe(
      false,
    );
  });
});

describe("spamRefusalAnswer", () => {
  it("gives each refusal the form's message, the token to send again with, and the box's message", () => {
    expect(spamRefusalAnswer({ status: "rate_limited", httpStatus: 429 }, MESSAGES)).toEqual({
      status: "rate_limited",
      formError: "Wait a little",
      fieldErrors: {},
    });
    expect(
      spamRefusalAnswer({ status: "expired", httpStatus: 400, formToken: "fresh" }, MESSAGES),
    ).toEqual({ status: "expired", formError: "Too old", fieldErrors: {}, formToken: "fresh" });
    const confirm = { status: "confirm", httpStatus: 400, formToken: "c1" } as const;
    expect(spamRefusalAnswer({ ...confirm, boxMissing: false }, MESSAGES).fieldErrors).toEqual({});
    expect(spamRefusalAnswer({ ...confirm, boxMissing: true }, MESSAGES)).toEqual({
      status: "confirm",
      formError: "Confirm you are a person",
      fieldErrors: { [PERSON_CHECK_FIELD]: "Tick the box" },
      formToken: "c1",
    });
  });
});

describe.each(DIALECTS)("screenSubmission on %s", (dialect) => {
  let t: TestDatabase;
  let address = 0;
  let clientAddress = "";

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("formTokenUses").execute();
    address += 1;
    clientAddress = `198.51.100.${address}`;
  });

  const screen = (sent: SpamSignals, now = NOW, limit = LIMIT) =>
    screenSubmission(
      sent,
      { secret: SECRET, clientAddress, now },
      {
        limit,
        logAs: "screen_test",
      },
    );

  /** Screens and admits in a transaction, as the forms do; what the transaction decided. */
  async function admitted(sent: SpamSignals, now = NOW, limit = LIMIT): Promise<SpamAdmission> {
    const screened = screen(sent, now, limit);
    if (!screened.admit) throw new Error(`refused: ${screened.refusal.status}`);
    const admit = screened.admit;
    return t.db.transaction().execute((trx) => admit(trx));
  }

  /** The posts counted against this test's address. */
  const rateLimitEvents = async () =>
    (
      await t.db
        .selectFrom("rateLimitEvents")
        .select("id")
        .where("bucket", "=", LIMIT.bucket)
        .where("addressHash", "=", addressKey(SECRET, clientAddress))
        .execute()
    ).length;

  it("admits an ordinary post once; the same token again is a replay", async () => {
    const token = tokenAged(20_000);
    expect(await admitted(signals({ formToken: token }))).toEqual({ spamReason: null });
    expect(await admitted(signals({ formToken: token }), NOW + 1_000)).toEqual({
      spamReason: "replayed_token",
    });
  });

  it("holds back a filled honeypot, a missing and a forged token as spam", async () => {
    expect(await admitted(signals({ honeypot: "http://spam.example" }))).toEqual({
      spamReason: "honeypot",
    });
    expect(await admitted(signals({ formToken: null }))).toEqual({ spamReason: "missing_token" });
    const forged = `${tokenAged(20_000).slice(0, -4)}AAAA`;
    expect(await admitted(signals({ formToken: forged }))).toEqual({
      spamReason: "invalid_token",
    });
  });

  it("asks to send an expired form again with a fresh token, counting nothing", async () => {
    const screened = screen(signals({ formToken: tokenAged(MAX_TOKEN_AGE_MS + 1) }));
    expect(screened.refusal).toMatchObject({ status: "expired", httpStatus: 400 });
    const fresh = (screened.refusal as { formToken: string }).formToken;
    expect(checkFormToken(SECRET, fresh, NOW)).toMatchObject({ ok: true, kind: "form" });
    expect(await rateLimitEvents()).toBe(0);
    // With a tripped honeypot nothing is asked: it is spam.
    expect(
      await admitted(signals({ formToken: tokenAged(MAX_TOKEN_AGE_MS + 1), honeypot: "x" })),
    ).toEqual({ spamReason: "honeypot" });
  });

  it("answers a post that only came too fast with the person check, whose token is not timed", async () => {
    const fast = await admitted(signals({ formToken: tokenAged(500) }));
    expect(fast.refusal).toMatchObject({ status: "confirm", httpStatus: 400, boxMissing: false });
    const confirmToken = (fast.refusal as { formToken: string }).formToken;
    expect(checkFormToken(SECRET, confirmToken, NOW)).toMatchObject({ ok: true, kind: "confirm" });
    // Sent again at once with the box ticked: an ordinary post.
    expect(
      await admitted(signals({ formToken: confirmToken, personChecked: true }), NOW + 100),
    ).toEqual({ spamReason: null });
    // Too fast with a strong signal is spam under that signal.
    expect(await admitted(signals({ formToken: tokenAged(500), honeypot: "x" }))).toEqual({
      spamReason: "honeypot",
    });
  });

  it("asks again with the same token when the person check comes without its box", async () => {
    const confirmToken = issueConfirmToken(SECRET, NOW);
    const screened = screen(signals({ formToken: confirmToken }));
    expect(screened.refusal).toEqual({
      status: "confirm",
      httpStatus: 400,
      formToken: confirmToken,
      boxMissing: true,
    });
    // A ticked box with an ordinary token means nothing: the timing still asks.
    const bot = await admitted(signals({ formToken: tokenAged(100), personChecked: true }));
    expect(bot.refusal).toMatchObject({ status: "confirm", boxMissing: false });
  });

  it("turns an address away once it used up the form's limit", async () => {
    const tight = () => admitted(signals({ formToken: tokenAged(20_000) }), NOW, TIGHT_LIMIT);
    expect((await tight()).refusal).toBeUndefined();
    expect((await tight()).refusal).toBeUndefined();
    expect((await tight()).refusal).toEqual({ status: "rate_limited", httpStatus: 429 });
    expect(await rateLimitEvents()).toBe(2);
  });

  it("clears the records of expired tokens' uses as it counts a post, but keeps the others", async () => {
    const at = (ms: number) => new Date(ms).toISOString();
    await t.db
      .insertInto("formTokenUses")
      .values([
        { id: "expired-use", usedAt: at(NOW - 2 * MAX_TOKEN_AGE_MS), expiresAt: at(NOW - 1) },
        { id: "live-use", usedAt: at(NOW - 1_000), expiresAt: at(NOW + MAX_TOKEN_AGE_MS) },
      ])
      .execute();
    expect((await admitted(signals())).refusal).toBeUndefined();
    const kept = await t.db.selectFrom("formTokenUses").select("id").execute();
    // The post's own token's use is kept too.
    expect(kept.map((row) => row.id)).toContain("live-use");
    expect(kept.map((row) => row.id)).not.toContain("expired-use");
  });

  it("leaves the token unused when the caller's transaction fails", async () => {
    const token = tokenAged(20_000);
    const screened: SpamScreen = screen(signals({ formToken: token }));
    const admit = screened.admit as (trx: DB) => Promise<SpamAdmission>;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await admit(trx);
        throw new Error("the submission failed to store");
      }),
    ).rejects.toThrow("failed to store");
    // Nor is the post counted against the address: it was never stored.
    expect(await rateLimitEvents()).toBe(0);
    expect(await admitted(signals({ formToken: token }), NOW + 1_000)).toEqual({
      spamReason: null,
    });
  });
});
