import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth.server";
import * as activity from "~/routes/admin/activity";
import * as login from "~/routes/admin/login";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
  textOf,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Failed sign-ins lock an account only for the address they came from (so nobody can keep a
 * member of staff out from elsewhere), lock an address that tries too many, and are all in the
 * activity log with the name tried and the address, never the password.
 */

describe.each(DIALECTS)("sign-in locks per account and address (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  const loginFrom = (address: string, fields: Record<string, string>) =>
    h.action(
      login,
      h.post("/admin/login", fields, { headers: { [CLIENT_ADDRESS_HEADER]: address } }),
    );

  it("locks an account only at the address that failed five times; elsewhere its owner signs in", async () => {
    const victim = await h.staff("editor");
    for (let attempt = 1; attempt <= 5; attempt++) {
      const out = await loginFrom("203.0.113.66", {
        username: victim.username,
        password: `guess number ${attempt}`,
      });
      expect(out.status).toBe(401);
    }
    const attacker = await loginFrom("203.0.113.66", {
      username: victim.username,
      password: victim.password,
    });
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get("retry-after"))).toBeGreaterThan(14 * 60);

    // The owner, at their own address, is not kept out, by username or e-mail.
    const owner = await loginFrom("198.51.100.20", {
      username: victim.username,
      password: victim.password,
    });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("set-cookie")).toMatch(/session_token=/);
    const byEmail = await loginFrom("198.51.100.20", {
      username: victim.email,
      password: victim.password,
    });
    expect(byEmail.status).toBe(302);
  });

  it("locks an address after twenty failures, for every account, and only that address", async () => {
    const staff = await h.staff("editor");
    for (let attempt = 1; attempt <= 20; attempt++) {
      const out = await loginFrom("203.0.113.99", {
        username: `guessed-name-${attempt}`,
        password: "some password",
      });
      expect(out.status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await loginFrom("203.0.113.99", {
      username: staff.username,
      password: staff.password,
    });
    expect(locked.status).toBe(429);
    expect(textOf(locked.data)).toContain("Too many failed sign-in attempts. Try again in");
    const elsewhere = await loginFrom("198.51.100.21", {
      username: staff.username,
      password: staff.password,
    });
    expect(elsewhere.status).toBe(302);
  });

  it("logs each failed sign-in with the name tried and the address, never the password", async () => {
    const staff = await h.staff("editor");
    const secret = "a wrong but secret password 8812";
    await loginFrom("203.0.113.7", { username: staff.username, password: secret });
    await loginFrom("203.0.113.8", { username: "no-such-person", password: secret });

    const rows = await h.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "sign_in_failed")
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    const known = rows.find((row) => row.summary.includes(staff.username));
    const unknown = rows.find((row) => row.summary.includes("no-such-person"));
    expect(known).toMatchObject({ actorId: null, entityType: "user", entityId: staff.id });
    expect(known?.summary).toContain("203.0.113.7");
    expect(unknown).toMatchObject({ actorId: null, entityType: "user", entityId: null });
    expect(unknown?.summary).toContain("203.0.113.8");
    expect(JSON.stringify(rows)).not.toContain(secret);

    // The activity log shows them, filterable as their own action.
    const page = await h.loader<{ log: { items: unknown[] } }>(
      activity,
      h.get("/admin/activity?action=sign_in_failed", { cookie: admin.cookie }),
    );
    expect(page.status).toBe(200);
    const text = textOf(page.data);
    expect(text).toContain('Failed sign-in as \\"no-such-person\\" from 203.0.113.8');
    expect(text).not.toContain(secret);
  });

  it("says in the log when a failure locks sign-in, and writes nothing for refused attempts", async () => {
    const staff = await h.staff("editor");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await loginFrom("203.0.113.30", { username: staff.username, password: `nope ${attempt}` });
    }
    const countFor = async () =>
      (
        await h.db
          .selectFrom("auditLog")
          .select("summary")
          .where("action", "=", "sign_in_failed")
          .where("entityId", "=", staff.id)
          .execute()
      ).map((row) => row.summary);
    const logged = await countFor();
    expect(logged).toHaveLength(5);
    expect(logged.filter((summary) => summary.includes("locked"))).toHaveLength(1);
    // While locked, attempts are refused before any password is checked: no entry floods in.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const out = await loginFrom("203.0.113.30", { username: staff.username, password: "x" });
      expect(out.status).toBe(429);
    }
    expect(await countFor()).toHaveLength(5);
  });
});
