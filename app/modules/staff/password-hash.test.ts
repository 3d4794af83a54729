import { hashPassword, verifyPassword } from "better-auth/crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashStaffPassword, verifyStaffPassword } from "./password-hash.server";

const PASSWORD = "a long and unguessable phrase 9";

/** The module as a process that has not opted in to quick hashes sees it (every server). */
async function asProductionProcess() {
  vi.resetModules();
  return import("./password-hash.server");
}

describe("staff password hashes", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("in the integration tests, makes quick hashes that check the password", async () => {
    const hash = await hashStaffPassword(PASSWORD);
    expect(hash).toMatch(/^quick-scrypt-for-tests:[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(await verifyStaffPassword({ hash, password: PASSWORD })).toBe(true);
    expect(await verifyStaffPassword({ hash, password: `${PASSWORD}!` })).toBe(false);
    expect(await hashStaffPassword(PASSWORD)).not.toBe(hash);
  });

  it("still checks a full-cost hash, as better-auth makes it", async () => {
    const hash = await hashPassword(PASSWORD);
    expect(await verifyStaffPassword({ hash, password: PASSWORD })).toBe(true);
    expect(await verifyStaffPassword({ hash, password: "another phrase entirely" })).toBe(false);
  });

  it("elsewhere hashes at better-auth's full cost and refuses a quick hash", async () => {
    const quick = await hashStaffPassword(PASSWORD);
    const production = await asProductionProcess();
    const hash = await production.hashStaffPassword(PASSWORD);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: PASSWORD })).toBe(true);
    expect(await production.verifyStaffPassword({ hash, password: PASSWORD })).toBe(true);
    // The right password against a quick hash is still refused where quick hashes are not on.
    expect(await production.verifyStaffPassword({ hash: quick, password: PASSWORD })).toBe(false);
  });

  it("cannot be switched to quick hashes in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const production = await asProductionProcess();
    expect(() => production.allowQuickPasswordHashesForTests()).toThrow(/never production/);
  });
});
