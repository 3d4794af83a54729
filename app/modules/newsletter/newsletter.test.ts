import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { newsletterSubscribeSchema, normaliseEmail, type Subscriber } from "./newsletter.schema";
import {
  confirmByToken,
  deleteSubscriberByEmail,
  findSubscriberByToken,
  getSubscriberByEmail,
  subscribe,
  unsubscribeByToken,
} from "./newsletter.server";
import { countSubscribers, listSubscribers, streamSubscribers } from "./subscriber-list.server";

const CONSENT = "I agree to receive the newsletter.";
describe("newsletter schema", () => {
  it("normalises and validates the address", () => {
    expect(normaliseEmail("  Jane.Doe@Example.COM ")).toBe("jane.doe@example.com");
    expect(newsletterSubscribeSchema.parse({ email: " Jane@Example.com " })).toEqual({
      email: "jane@example.com",
    });
    expect(newsletterSubscribeSchema.safeParse({ email: "jane@" }).error?.issues[0]?.message).toBe(
      "Enter a valid email address",
    );
    expect(newsletterSubscribeSchema.safeParse({ email: "  " }).error?.issues[0]?.message).toBe(
      "Email is required",
    );
  });
});

describe.each(DIALECTS)("newsletter on %s", (dialect) => {
  let t: TestDatabase;
  const db = () => t.db;
  const signUp = (email: string, confirmed = false, source = "footer") =>
    subscribe(db(), { email, source, consentText: CONSENT, confirmed });

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await db().deleteFrom("newsletterSubscribers").execute();
  });

  it("stores one pending row per address, whatever its case and spacing", async () => {
    const first = await signUp("  Reader@Example.COM ");
    expect(first.created).toBe(true);
    expect(first.subscriber).toMatchObject({
      email: "reader@example.com",
      status: "pending",
      source: "footer",
      consentText: CONSENT,
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect(first.subscriber.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(first.subscriber.consentedAt)).toBeGreaterThan(Date.now() - 10_000);

    const again = await signUp("reader@example.com", false, "resources");
    expect(again.created).toBe(false);
    expect(again.subscriber).toEqual(first.subscriber);
    expect(await countSubscribers(db(), { status: "all" })).toBe(1);
  });

  it("subscribes at once when confirmation is not needed, and confirms a pending address", async () => {
    const direct = await signUp("direct@example.com", true);
    expect(direct.subscriber.status).toBe("subscribed");
    expect(direct.subscriber.confirmedAt).toBe(direct.subscriber.consentedAt);

    const pending = await signUp("pending@example.com");
    const upgraded = await signUp("PENDING@example.com", true);
    expect(upgraded).toMatchObject({
      created: false,
      subscriber: { id: pending.subscriber.id, status: "subscribed" },
    });
  });

  it("reads a subscriber by token without changing it", async () => {
    const { subscriber } = await signUp("reader@example.com");
    expect(await findSubscriberByToken(db(), subscriber.token)).toEqual(subscriber);
    expect(await findSubscriberByToken(db(), subscriber.token)).toEqual(subscriber);
    expect(await getSubscriberByEmail(db(), "reader@example.com")).toEqual(subscriber);
    expect(await findSubscriberByToken(db(), "nope")).toBeUndefined();
    expect(await findSubscriberByToken(db(), "")).toBeUndefined();
  });

  it("confirms by token once, says when it was already confirmed, and ignores unknown tokens", async () => {
    const { subscriber } = await signUp("confirm@example.com");
    const first = await confirmByToken(db(), subscriber.token);
    expect(first?.outcome).toBe("confirmed");
    expect(first?.subscriber.status).toBe("subscribed");
    expect(first?.subscriber.confirmedAt).not.toBeNull();
    expect(await getSubscriberByEmail(db(), "confirm@example.com")).toEqual(first?.subscriber);
    expect(await confirmByToken(db(), subscriber.token)).toEqual({
      outcome: "already_confirmed",
      subscriber: first?.subscriber,
    });
    expect(await confirmByToken(db(), "nope")).toBeUndefined();
    expect(await confirmByToken(db(), "")).toBeUndefined();
  });

  it("confirms once when the button is pressed twice at the same moment", async () => {
    const { subscriber } = await signUp("twice@example.com");
    const outcomes = await Promise.all([
      confirmByToken(db(), subscriber.token),
      confirmByToken(db(), subscriber.token),
    ]);
    expect(outcomes.map((o) => o?.outcome).sort()).toEqual(["already_confirmed", "confirmed"]);
  });

  it("unsubscribes idempotently, an old confirmation link does not re-subscribe, and signing up again does", async () => {
    const { subscriber } = await signUp("leaver@example.com");
    await confirmByToken(db(), subscriber.token);
    const left = await unsubscribeByToken(db(), subscriber.token);
    expect(left?.outcome).toBe("unsubscribed");
    expect(left?.subscriber.status).toBe("unsubscribed");
    expect(left?.subscriber.unsubscribedAt).not.toBeNull();
    const again = await unsubscribeByToken(db(), subscriber.token);
    expect(again).toEqual({ outcome: "already_unsubscribed", subscriber: left?.subscriber });
    expect(await getSubscriberByEmail(db(), "leaver@example.com")).toEqual(left?.subscriber);
    expect(await confirmByToken(db(), subscriber.token)).toEqual({
      outcome: "unsubscribed",
      subscriber: left?.subscriber,
    });
    expect(await unsubscribeByToken(db(), "unknown")).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 5));
    const back = await signUp(" LEAVER@example.com", false, "resources");
    expect(back.created).toBe(false);
    expect(back.subscriber).toMatchObject({
      id: subscriber.id,
      status: "pending",
      source: "resources",
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect(back.subscriber.consentedAt > subscriber.consentedAt).toBe(true);
    expect(await getSubscriberByEmail(db(), "leaver@example.com")).toEqual(back.subscriber);
    expect((await confirmByToken(db(), subscriber.token))?.subscriber.status).toBe("subscribed");

    await unsubscribeByToken(db(), subscriber.token);
    expect((await signUp("leaver@example.com", true)).subscriber.status).toBe("subscribed");
  });

  it("lists, searches, pages, streams and counts subscribers", async () => {
    const rows: Subscriber[] = [];
    for (let i = 0; i < 6; i++) {
      const at = new Date(Date.UTC(2026, 0, 10 + i)).toISOString();
      const row: Subscriber = {
        id: `sub_fixture_${i}`,
        email: i === 5 ? "odd_one%@example.org" : `reader${i}@example.com`,
        status: i % 3 === 0 ? "pending" : i % 3 === 1 ? "subscribed" : "unsubscribed",
        source: "footer",
        consentText: CONSENT,
        consentedAt: at,
        confirmedAt: null,
        unsubscribedAt: null,
        token: `token_${i}`,
        createdAt: at,
        updatedAt: at,
      };
      rows.push(row);
    }
    await db().insertInto("newsletterSubscribers").values(rows).execute();

    const all = await listSubscribers(db(), { pageSize: 4 });
    expect(all).toMatchObject({ total: 6, page: 1, pageSize: 4, pageCount: 2 });
    expect(all.items.map((s) => s.id)).toEqual([
      "sub_fixture_5",
      "sub_fixture_4",
      "sub_fixture_3",
      "sub_fixture_2",
    ]);
    expect((await listSubscribers(db(), { pageSize: 4, page: 2 })).items.map((s) => s.id)).toEqual([
      "sub_fixture_1",
      "sub_fixture_0",
    ]);
    expect((await listSubscribers(db(), { status: "subscribed" })).items.map((s) => s.id)).toEqual([
      "sub_fixture_4",
      "sub_fixture_1",
    ]);
    expect((await listSubscribers(db(), { q: "READER3" })).items.map((s) => s.id)).toEqual([
      "sub_fixture_3",
    ]);
    expect((await listSubscribers(db(), { q: "_" })).items.map((s) => s.id)).toEqual([
      "sub_fixture_5",
    ]);
    expect((await listSubscribers(db(), { q: "%" })).items.map((s) => s.id)).toEqual([
      "sub_fixture_5",
    ]);

    const streamed: string[] = [];
    for await (const s of streamSubscribers(db(), { status: "pending" })) streamed.push(s.id);
    expect(streamed).toEqual(["sub_fixture_3", "sub_fixture_0"]);

    expect(await countSubscribers(db())).toBe(2);
    expect(await countSubscribers(db(), { status: "all" })).toBe(6);
    expect(await countSubscribers(db(), { status: "all", since: "2026-01-13T00:00:00.000Z" })).toBe(
      3,
    );
    expect(await countSubscribers(db(), { since: "2026-01-13T00:00:00.000Z" })).toBe(1);
  });

  it("deletes an address whatever its case", async () => {
    await signUp("gone@example.com");
    expect(await deleteSubscriberByEmail(db(), " GONE@example.com")).toBe(true);
    expect(await deleteSubscriberByEmail(db(), "gone@example.com")).toBe(false);
    expect(await getSubscriberByEmail(db(), "gone@example.com")).toBeUndefined();
  });
});
