import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as account from "~/routes/admin/account";
import * as login from "~/routes/admin/login";
import * as users from "~/routes/admin/users";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
  textOf,
  typedValue,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { auditEntries } from "../../support/write-path";

/*
 * Users and one's own account through their loaders and actions, as an admin uses them; the
 * spec's messages word for word.
 */

describe.each(DIALECTS)("staff administration (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Whether a session cookie still opens the admin (the account page). */
  const stillSignedIn = async (cookie: string) =>
    (await h.loader(account, h.get("/admin/account", { cookie }))).status === 200;
  const signInWorks = (username: string, password: string) =>
    h.signIn({ username, password }).then(
      () => true,
      () => false,
    );
  const usersPost = (fields: Record<string, string>) =>
    h.action(users, h.post("/admin/users", fields, { cookie: admin.cookie }));

  describe("users (admins only)", () => {
    const ravi = {
      intent: "create",
      name: "Ravi Kumar",
      username: "ravi.k",
      email: "ravi@example.in",
      role: "editor",
    };

    it("lists the staff and marks one's own account", async () => {
      const out = await h.loader<{ staff: { id: string }[]; currentUserId: string }>(
        users,
        h.get("/admin/users", { cookie: admin.cookie }),
      );
      expect(out.data.currentUserId).toBe(admin.id);
      expect(out.data.staff.map((s) => s.id)).toContain(admin.id);
    });

    it("adds a staff member, who can then sign in; the password policy applies; audited", async () => {
      const weak = await usersPost({
        ...ravi,
        password: "qwerty123456",
        confirmPassword: "qwerty123456",
      });
      expect(weak.status).toBe(400);
      expect(String((weak.data as { message: string }).message)).toMatch(
        /^Error adding staff account/,
      );
      expect(fieldMessage(weak.data, "password")).toMatch(/too common/);
      expect(typedValue(weak.data, "username")).toBe("ravi.k");
      expect(await signInWorks("ravi.k", "qwerty123456")).toBe(false);

      const added = await usersPost({
        ...ravi,
        password: "saffron kite harbour 9",
        confirmPassword: "saffron kite harbour 9",
      });
      expect(added.data).toMatchObject({
        message: 'Staff account "ravi.k" added successfully!',
      });
      expect((await auditEntries(h.db)).at(-1)).toMatchObject({
        actorId: admin.id,
        summary: 'Added the editor account "ravi.k"',
      });
      expect(await signInWorks("ravi.k", "saffron kite harbour 9")).toBe(true);

      const taken = await usersPost({
        ...ravi,
        name: "Another Ravi",
        username: "RAVI.K",
        email: "other@example.in",
        password: "saffron kite harbour 9",
        confirmPassword: "saffron kite harbour 9",
      });
      expect(taken.status).toBe(400);
      expect(fieldMessage(taken.data, "username")).toBe("This username is already taken");
    });

    it("changes a role, disables (signing them out), enables, resets a password and removes", async () => {
      const staff = await h.staff("editor");
      const role = await usersPost({ intent: "role", id: staff.id, role: "admin" });
      expect(role.data).toMatchObject({
        message: `Role of "${staff.username}" updated successfully!`,
      });

      const askDisable = await usersPost({ intent: "disable", id: staff.id });
      expect(askDisable.data).toHaveProperty("confirmation");
      expect(await stillSignedIn(staff.cookie)).toBe(true);
      const disabled = await usersPost({ intent: "disable", id: staff.id, confirmed: "yes" });
      expect(disabled.status).toBe(200);
      expect(disabled.data).toMatchObject({
        message: `Account "${staff.username}" disabled successfully!`,
      });
      expect(await stillSignedIn(staff.cookie)).toBe(false);
      expect(await signInWorks(staff.username, staff.password)).toBe(false);
      // The login page says no more than for a wrong password.
      const refused = await h.action(
        login,
        h.post("/admin/login", { username: staff.username, password: staff.password }),
      );
      expect(refused.status).toBe(401);
      expect(textOf(refused.data)).toContain("Invalid username or password");

      const enabled = await usersPost({ intent: "enable", id: staff.id });
      expect(enabled.data).toMatchObject({
        message: `Account "${staff.username}" enabled successfully!`,
      });
      const fresh = await h.signIn(staff);

      const ownName = await usersPost({
        intent: "reset-password",
        id: staff.id,
        password: `${staff.username} lotus 7`,
        confirmPassword: `${staff.username} lotus 7`,
      });
      expect(ownName.status).toBe(400);
      expect(fieldMessage(ownName.data, "password")).toBe(
        "Do not build your password from your username, e-mail or name",
      );
      const reset = await usersPost({
        intent: "reset-password",
        id: staff.id,
        password: "lotus engine violet 77",
        confirmPassword: "lotus engine violet 77",
      });
      expect(textOf(reset.data)).toContain("reset successfully! Their sessions were signed out.");
      expect(await stillSignedIn(fresh)).toBe(false);
      expect(await signInWorks(staff.username, staff.password)).toBe(false);
      expect(await signInWorks(staff.username, "lotus engine violet 77")).toBe(true);

      const askRemove = await usersPost({ intent: "remove", id: staff.id });
      expect(textOf((askRemove.data as { confirmation: unknown }).confirmation)).toContain(
        "Are you sure you want to remove this staff account?",
      );
      const removed = await usersPost({ intent: "remove", id: staff.id, confirmed: "yes" });
      expect(removed.data).toMatchObject({
        message: `Account "${staff.username}" removed successfully!`,
      });
      const after = await h.loader<{ staff: { id: string }[] }>(
        users,
        h.get("/admin/users", { cookie: admin.cookie }),
      );
      expect(after.data.staff.map((s) => s.id)).not.toContain(staff.id);
      const gone = await usersPost({ intent: "enable", id: staff.id });
      expect(gone.status).toBe(404);
    });

    it("refuses to remove or disable one's own account, even by a hand-made request", async () => {
      const remove = await usersPost({ intent: "remove", id: admin.id, confirmed: "yes" });
      expect(remove.status).toBe(400);
      expect(textOf(remove.data)).toContain("You cannot remove your own account");
      const disable = await usersPost({ intent: "disable", id: admin.id, confirmed: "yes" });
      expect(disable.status).toBe(400);
      expect(await stillSignedIn(admin.cookie)).toBe(true);
    });
  });

  describe("my account", () => {
    it("lists one's sessions, marking this one", async () => {
      const me = await h.staff("editor");
      await h.signIn(me);
      const out = await h.loader<{ sessions: { current: boolean }[] }>(
        account,
        h.get("/admin/account", { cookie: me.cookie }),
      );
      expect(out.data.sessions).toHaveLength(2);
      expect(out.data.sessions.filter((s) => s.current)).toHaveLength(1);
    });

    it("changes the password after checking the current one, signing out other sessions", async () => {
      const me = await h.staff("editor");
      const otherDevice = await h.signIn(me);
      const post = (fields: Record<string, string>) =>
        h.action(account, h.post("/admin/account", fields, { cookie: me.cookie }));
      const wrong = await post({
        intent: "password",
        currentPassword: "not my password at all",
        password: "copper meadow signal 5",
        confirmPassword: "copper meadow signal 5",
      });
      expect(wrong.status).toBe(400);
      expect(fieldMessage(wrong.data, "currentPassword")).toBe(
        "The current password is not correct",
      );
      const changed = await post({
        intent: "password",
        currentPassword: me.password,
        password: "copper meadow signal 5",
        confirmPassword: "copper meadow signal 5",
      });
      expect(changed.data).toMatchObject({
        message: "Password changed successfully! 1 other session was signed out.",
      });
      expect(await stillSignedIn(otherDevice)).toBe(false);
      expect(await stillSignedIn(me.cookie)).toBe(true);
      expect(await signInWorks(me.username, "copper meadow signal 5")).toBe(true);
    });

    it("signs one other session out", async () => {
      const me = await h.staff("editor");
      const laptop = await h.signIn(me);
      const { data } = await h.loader<{ sessions: { id: string; current: boolean }[] }>(
        account,
        h.get("/admin/account", { cookie: me.cookie }),
      );
      const other = data.sessions.find((s) => !s.current)!;
      const out = await h.action(
        account,
        h.post("/admin/account", { intent: "revoke", sessionId: other.id }, { cookie: me.cookie }),
      );
      expect(out.data).toMatchObject({ message: "Session signed out successfully!" });
      expect(await stillSignedIn(laptop)).toBe(false);
      expect(await stillSignedIn(me.cookie)).toBe(true);
    });
  });
});
