import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupSchema } from "~/modules/staff/staff.schema";
import { listStaff } from "~/modules/staff/staff.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { completeSetup, isSetupTokenValid, issueSetupLink } from "./setup-token.server";

const PASSWORD = "mango tractor lantern 42";

describe.each(DIALECTS)("the first-admin setup link on %s", (dialect) => {
  let t: TestDatabase;
  const setup = setupSchema.parse({
    name: "Owner",
    username: "owner",
    email: "owner@example.in",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("user").execute();
    await t.db.deleteFrom("staffSetupTokens").execute();
  });

  it("works once, then never again", async () => {
    const { url } = await issueSetupLink(t.db, "https://example.in");
    expect(url).toMatch(/^https:\/\/example\.in\/admin\/setup\?token=[\w-]{40,}$/);
    const token = tokenOf(url);
    expect(await isSetupTokenValid(t.db, token)).toBe(true);
    const first = await completeSetup(t.db, token, setup);
    expect(first).toMatchObject({ ok: true, value: { username: "owner", role: "admin" } });
    expect(await isSetupTokenValid(t.db, token)).toBe(false);
    expect(await completeSetup(t.db, token, { ...setup, username: "second" })).toMatchObject({
      ok: false,
    });
    expect((await listStaff(t.db)).length).toBe(1);
    // A new link is worthless once an account exists.
    const later = tokenOf((await issueSetupLink(t.db, "https://example.in")).url);
    expect(await isSetupTokenValid(t.db, later)).toBe(false);
  });

  it("expires, is replaced by the next start's link, and is stored only as a hash", async () => {
    const issuedAt = new Date("2026-05-01T00:00:00Z");
    const old = tokenOf((await issueSetupLink(t.db, "http://x", issuedAt)).url);
    expect(await isSetupTokenValid(t.db, old, new Date("2026-05-01T23:59:00Z"))).toBe(true);
    expect(await isSetupTokenValid(t.db, old, new Date("2026-05-02T00:00:01Z"))).toBe(false);
    const fresh = tokenOf((await issueSetupLink(t.db, "http://x")).url);
    expect(await isSetupTokenValid(t.db, old, issuedAt)).toBe(false);
    expect(await isSetupTokenValid(t.db, fresh)).toBe(true);
    const stored = await t.db.selectFrom("staffSetupTokens").select("tokenHash").execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(fresh);
    expect(await isSetupTokenValid(t.db, "made-up")).toBe(false);
  });

  it("keeps the links of instances started together, and drops them at a later start", async () => {
    const at = (time: string) => new Date(`2026-05-01T${time}Z`);
    const first = tokenOf((await issueSetupLink(t.db, "http://a", at("10:00:00"))).url);
    const second = tokenOf((await issueSetupLink(t.db, "http://b", at("10:00:40"))).url);
    for (const token of [first, second]) {
      expect(await isSetupTokenValid(t.db, token, at("10:05:00"))).toBe(true);
    }
    // A restart three minutes on: both earlier links die, the new one works.
    const restart = tokenOf((await issueSetupLink(t.db, "http://a", at("10:03:00"))).url);
    expect(await isSetupTokenValid(t.db, first, at("10:05:00"))).toBe(false);
    expect(await isSetupTokenValid(t.db, second, at("10:05:00"))).toBe(false);
    expect(await isSetupTokenValid(t.db, restart, at("10:05:00"))).toBe(true);
  });
});
