import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth.server";
import * as login from "~/routes/admin/login";
import * as unlock from "~/routes/admin/unlock";
import {
  BASE_URL,
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
  textOf,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * A member of staff locked out of sign-in asks for an unlock link by e-mail: the answer never
 * says whether the account exists, the link works once and for an hour, opening it only shows a
 * button, and the button clears that account's locks.
 */

const ATTACKER = "203.0.113.66";
const REQUESTED =
  "If that account exists and is locked, an unlock link is on its way to its e-mail address. The link works once, within 1 hour.";

describe.each(DIALECTS)("unlocking sign-in by e-mail (%s)", (dialect) => {
  let h: RouteHarness;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  const from = (address: string) => ({ headers: { [CLIENT_ADDRESS_HEADER]: address } });
  const loginFrom = (address: string, fields: Record<string, string>) =>
    h.action(login, h.post("/admin/login", fields, from(address)));

  async function lockOut(staff: SignedInStaff, address = ATTACKER) {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await loginFrom(address, { username: staff.username, password: `wrong ${attempt}` });
    }
    const locked = await loginFrom(address, { username: staff.username, password: staff.password });
    expect(locked.status).toBe(429);
    return locked;
  }

  const unlockMails = (to: string) =>
    h.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("kind", "=", "sign_in_unlock")
      .where("toAddress", "=", to)
      .orderBy("createdAt")
      .execute();

  const linkIn = (text: string) => {
    const match = text.match(/\S+\/admin\/unlock\?token=[A-Za-z0-9_-]+/);
    if (!match?.[0].startsWith(`${BASE_URL}/`)) throw new Error(`No unlock link in:\n${text}`);
    return new URL(match[0]);
  };

  it("offers an unlock link on the locked page and answers alike whether the account exists", async () => {
    const staff = await h.staff("editor");
    const locked = await lockOut(staff);
    expect(locked.data).toMatchObject({ locked: true, username: staff.username });

    const known = await loginFrom(ATTACKER, { intent: "unlock", username: staff.username });
    const unknown = await loginFrom(ATTACKER, { intent: "unlock", username: "nobody-here" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(known.data).toEqual({ ...(unknown.data as object), username: staff.username });
    expect(textOf(known.data)).toContain(REQUESTED);

    const mails = await unlockMails(staff.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Unlock");
    const link = linkIn(mails[0]!.textBody);
    expect(mails[0]?.htmlBody).toContain(link.toString().replace(/&/g, "&amp;"));
    // The token is stored hashed: the database never holds the link's token itself.
    const token = link.searchParams.get("token")!;
    const stored = await h.db.selectFrom("signInUnlockTokens").selectAll().execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("opens the link to one button; the button clears the locks, once", async () => {
    const staff = await h.staff("editor");
    await lockOut(staff);
    await loginFrom("198.51.100.40", { intent: "unlock", username: staff.email });
    const [mail] = await unlockMails(staff.email);
    const link = linkIn(mail!.textBody);
    const token = link.searchParams.get("token")!;

    // Opening the link (a mail scanner, a preview) changes nothing.
    const page = await h.loader(unlock, h.get(`${link.pathname}${link.search}`));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ valid: true, token });
    expect(
      (await loginFrom(ATTACKER, { username: staff.username, password: staff.password })).status,
    ).toBe(429);

    const done = await h.action(unlock, h.post("/admin/unlock", { token }, from("198.51.100.40")));
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/login?unlocked=1");
    const notice = await h.loader(login, h.get("/admin/login?unlocked=1"));
    expect(textOf(notice.data)).toContain("Sign-in is unlocked. You can sign in now.");

    const signedIn = await loginFrom(ATTACKER, {
      username: staff.username,
      password: staff.password,
    });
    expect(signedIn.status).toBe(302);
    // The unlock is in the activity log, as the account's own doing.
    const entry = await h.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "unlock")
      .where("entityId", "=", staff.id)
      .executeTakeFirst();
    expect(entry).toMatchObject({ actorId: staff.id, entityType: "user" });

    // Used once: the link is dead now.
    const again = await h.action(unlock, h.post("/admin/unlock", { token }));
    expect(again.status).toBe(404);
    const reopened = await h.loader(unlock, h.get(`/admin/unlock?token=${token}`));
    expect(reopened.status).toBe(404);
    expect(textOf(reopened.data)).toContain("This unlock link has expired or was already used.");
  });

  it("refuses an expired link, a made-up one and a post from another site", async () => {
    const staff = await h.staff("editor");
    await lockOut(staff);
    await loginFrom(ATTACKER, { intent: "unlock", username: staff.username });
    const [mail] = await unlockMails(staff.email);
    const token = linkIn(mail!.textBody).searchParams.get("token")!;

    const crossSite = await h.action(
      unlock,
      h.post("/admin/unlock", { token }, { origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);

    await h.db
      .updateTable("signInUnlockTokens")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await h.loader(unlock, h.get(`/admin/unlock?token=${token}`))).status).toBe(404);
    expect((await h.action(unlock, h.post("/admin/unlock", { token }))).status).toBe(404);
    expect((await h.loader(unlock, h.get("/admin/unlock?token=made-up"))).status).toBe(404);
    expect((await h.loader(unlock, h.get("/admin/unlock"))).status).toBe(404);
    expect((await h.action(unlock, h.post("/admin/unlock", {}))).status).toBe(404);
    // Still locked.
    expect(
      (await loginFrom(ATTACKER, { username: staff.username, password: staff.password })).status,
    ).toBe(429);
  });

  it("sends no mail for an account that is not locked, and at most three an hour", async () => {
    const calm = await h.staff("editor");
    await loginFrom(ATTACKER, { intent: "unlock", username: calm.username });
    expect(await unlockMails(calm.email)).toHaveLength(0);

    const staff = await h.staff("editor");
    await lockOut(staff);
    for (let request = 1; request <= 6; request++) {
      const out = await loginFrom(`198.51.100.${50 + request}`, {
        intent: "unlock",
        username: staff.username,
      });
      expect(out.status).toBe(200);
      expect(textOf(out.data)).toContain(REQUESTED);
    }
    expect(await unlockMails(staff.email)).toHaveLength(3);
  });

  it("limits unlock requests from one address, whatever the names", async () => {
    const staff = await h.staff("editor");
    await lockOut(staff, "203.0.113.120");
    for (let request = 1; request <= 10; request++) {
      await loginFrom("203.0.113.121", { intent: "unlock", username: `someone-${request}` });
    }
    await loginFrom("203.0.113.121", { intent: "unlock", username: staff.username });
    expect(await unlockMails(staff.email)).toHaveLength(0);
  });
});
