import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  accountAtAddressKey,
  addressThrottleKey,
  clearAccountLocks,
  clearLoginFailures,
  isAccountLockedAnywhere,
  LOGIN_THROTTLE,
  loginRetryAfter,
  recordLoginFailure,
} from "./login-throttle.server";

const MINUTE = 60_000;

describe.each(DIALECTS)("failed sign-in limits on %s", (dialect) => {
  let t: TestDatabase;
  const start = new Date("2026-05-01T09:00:00Z");
  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
  const account = accountAtAddressKey("user-1", "203.0.113.9");
  const address = addressThrottleKey("203.0.113.9");

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("loginThrottle").execute();
  });

  it("locks an account for 15 minutes after 5 failures within 15 minutes", async () => {
    for (let i = 0; i < LOGIN_THROTTLE.accountAtAddress.maxFailures - 1; i++) {
      expect(await recordLoginFailure(t.db, [account, address], at(i))).toBeNull();
      expect(await loginRetryAfter(t.db, [account, address], at(i))).toBeNull();
    }
    expect(await recordLoginFailure(t.db, [account, address], at(4))).toEqual({
      seconds: 15 * 60,
      kinds: ["accountAtAddress"],
    });
    expect(await loginRetryAfter(t.db, [account], at(5))).toBe(14 * 60);
    // Another account from the same address is not locked by it.
    expect(
      await loginRetryAfter(t.db, [accountAtAddressKey("user-2", "203.0.113.9"), address], at(5)),
    ).toBeNull();
    expect(await loginRetryAfter(t.db, [account], at(19))).toBeNull();
    // After the lock, the count starts again.
    expect(await recordLoginFailure(t.db, [account], at(20))).toBeNull();
  });

  it("forgets failures older than the window", async () => {
    for (let i = 0; i < 4; i++) await recordLoginFailure(t.db, [account], at(i));
    expect(await recordLoginFailure(t.db, [account], at(16))).toBeNull();
    expect(await loginRetryAfter(t.db, [account], at(16))).toBeNull();
  });

  it("clears an account's failures after a successful sign-in, but not a lock", async () => {
    for (let i = 0; i < 4; i++) await recordLoginFailure(t.db, [account], at(i));
    await clearLoginFailures(t.db, account);
    expect(await recordLoginFailure(t.db, [account], at(5))).toBeNull();
    const rows = await t.db.selectFrom("loginThrottle").selectAll().execute();
    expect(rows.map((row) => row.failures)).toEqual([1]);
  });

  it("locks an address that fails on many accounts", async () => {
    let lockedFor: number | null | undefined = null;
    for (let i = 0; i < LOGIN_THROTTLE.address.maxFailures; i++) {
      lockedFor = (
        await recordLoginFailure(
          t.db,
          [accountAtAddressKey(`guess-${i}`, "203.0.113.9"), address],
          start,
        )
      )?.seconds;
    }
    expect(lockedFor).toBe(15 * 60);
    expect(
      await loginRetryAfter(
        t.db,
        [accountAtAddressKey("someone-else", "203.0.113.9"), address],
        start,
      ),
    ).toBe(15 * 60);
  });

  it("counts concurrent failures without losing any", async () => {
    await Promise.all(Array.from({ length: 4 }, () => recordLoginFailure(t.db, [account], start)));
    expect((await recordLoginFailure(t.db, [account], start))?.seconds).toBe(15 * 60);
  });

  it("locks an account only at the address that failed, and an unlock clears it everywhere", async () => {
    const elsewhere = accountAtAddressKey("user-1", "198.51.100.4");
    const other = accountAtAddressKey("user-10", "203.0.113.9");
    for (let i = 0; i < 5; i++) await recordLoginFailure(t.db, [account], at(i));
    for (let i = 0; i < 5; i++) await recordLoginFailure(t.db, [other], at(i));
    expect(await loginRetryAfter(t.db, [account], at(5))).toBe(14 * 60);
    expect(await loginRetryAfter(t.db, [elsewhere], at(5))).toBeNull();
    expect(await isAccountLockedAnywhere(t.db, "user-1", at(5))).toBe(true);
    expect(await isAccountLockedAnywhere(t.db, "user-2", at(5))).toBe(false);
    expect(await clearAccountLocks(t.db, "user-1")).toBe(1);
    expect(await loginRetryAfter(t.db, [account], at(5))).toBeNull();
    // "user-10" starts like "user-1" but is another account: still locked.
    expect(await loginRetryAfter(t.db, [other], at(5))).toBe(14 * 60);
  });
});
