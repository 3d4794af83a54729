import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StaffActor, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  changeOwnPassword,
  revokeOtherStaffSessions,
  revokeStaffSession,
} from "./account-commands.server";
import { verifyStaffPassword } from "./password-hash.server";
import { newStaffSchema } from "./staff.schema";
import {
  findStaffIdBySignInName,
  getStaffMember,
  listStaff,
  listStaffSessions,
  type StaffMember,
} from "./staff.server";
import {
  createStaffMember,
  removeStaffMember,
  resetStaffPassword,
  setStaffDisabled,
  setStaffRole,
} from "./staff-commands.server";

const PASSWORD = "mango tractor lantern 42";

/** A staff member acting. */
const actorOf = (member: StaffMember): StaffActor => ({ id: member.id, name: member.name });

const input = (overrides: Record<string, string> = {}) =>
  newStaffSchema.parse({
    name: "Asha Verma",
    username: "Asha.Verma",
    email: "Asha@Example.in",
    role: "admin",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  });

describe.each(DIALECTS)("staff accounts on %s", (dialect) => {
  let t: TestDatabase;
  let owner: StaffMember;

  const addSession = async (userId: string, id: string, minutesAgo = 0) => {
    const at = new Date(Date.now() - minutesAgo * 60_000);
    await t.db
      .insertInto("session")
      .values({
        id,
        token: `token-${id}`,
        userId,
        createdAt: at,
        updatedAt: at,
        expiresAt: new Date(Date.now() + 86_400_000),
        ipAddress: "203.0.113.1",
        userAgent: "Test browser",
        impersonatedBy: null,
      })
      .execute();
  };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("user").execute();
    const created = await createStaffMember(t.db, SYSTEM_ACTOR, input());
    if (!created.ok) throw new Error(created.error);
    owner = created.value;
  });

  it("creates an account that better-auth can verify, with names lower-cased for sign-in", async () => {
    expect(owner).toMatchObject({
      name: "Asha Verma",
      username: "Asha.Verma",
      email: "asha@example.in",
      role: "admin",
      disabled: false,
    });
    const account = await t.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(await verifyStaffPassword({ hash: account.password!, password: PASSWORD })).toBe(true);
    expect(await findStaffIdBySignInName(t.db, "ASHA.verma")).toBe(owner.id);
    expect(await findStaffIdBySignInName(t.db, " asha@EXAMPLE.in ")).toBe(owner.id);
    expect(await findStaffIdBySignInName(t.db, "nobody")).toBeUndefined();
  });

  it("refuses a username or e-mail that is taken", async () => {
    const sameName = await createStaffMember(
      t.db,
      SYSTEM_ACTOR,
      input({ email: "other@example.in" }),
    );
    expect(sameName).toEqual({
      ok: false,
      error: "This username is already taken",
      field: "username",
    });
    const sameEmail = await createStaffMember(t.db, SYSTEM_ACTOR, input({ username: "other" }));
    expect(sameEmail).toMatchObject({ ok: false, field: "email" });
  });

  it("keeps at least one active admin and never lets staff act on themselves", async () => {
    const editor = await createStaffMember(
      t.db,
      SYSTEM_ACTOR,
      input({ username: "ravi", email: "ravi@example.in", role: "editor", name: "Ravi" }),
    );
    if (!editor.ok) throw new Error(editor.error);
    const ravi = editor.value;
    expect(
      await setStaffRole(t.db, actorOf(owner), { id: owner.id, role: "editor" }),
    ).toMatchObject({ ok: false });
    expect(
      await setStaffDisabled(t.db, actorOf(owner), { id: owner.id, disabled: true }),
    ).toMatchObject({ ok: false });
    expect(await removeStaffMember(t.db, actorOf(owner), owner.id)).toMatchObject({ ok: false });
    // Ravi (made an admin) cannot remove or demote the only other admin once he is disabled.
    expect((await setStaffRole(t.db, actorOf(owner), { id: ravi.id, role: "admin" })).ok).toBe(
      true,
    );
    expect((await setStaffDisabled(t.db, actorOf(ravi), { id: owner.id, disabled: true })).ok).toBe(
      true,
    );
    expect(await setStaffRole(t.db, actorOf(owner), { id: ravi.id, role: "editor" })).toEqual({
      ok: false,
      error: "At least one active admin must remain",
    });
    expect(await removeStaffMember(t.db, actorOf(owner), ravi.id)).toMatchObject({ ok: false });
    expect(
      (await setStaffDisabled(t.db, actorOf(ravi), { id: owner.id, disabled: false })).ok,
    ).toBe(true);
    expect((await setStaffRole(t.db, actorOf(owner), { id: ravi.id, role: "editor" })).ok).toBe(
      true,
    );
    expect((await getStaffMember(t.db, ravi.id))?.role).toBe("editor");
  });

  it("disabling signs the account out everywhere; removing deletes it", async () => {
    const editor = await createStaffMember(
      t.db,
      SYSTEM_ACTOR,
      input({ username: "ravi", email: "ravi@example.in", role: "editor", name: "Ravi" }),
    );
    if (!editor.ok) throw new Error(editor.error);
    await addSession(editor.value.id, "s1");
    expect((await listStaff(t.db)).find((m) => m.id === editor.value.id)?.lastActiveAt).not.toBe(
      null,
    );
    expect(
      (await setStaffDisabled(t.db, actorOf(owner), { id: editor.value.id, disabled: true })).ok,
    ).toBe(true);
    expect(await listStaffSessions(t.db, editor.value.id)).toEqual([]);
    expect((await getStaffMember(t.db, editor.value.id))?.disabled).toBe(true);
    expect((await removeStaffMember(t.db, actorOf(owner), editor.value.id)).ok).toBe(true);
    expect(await getStaffMember(t.db, editor.value.id)).toBeUndefined();
    expect((await listStaff(t.db)).map((m) => m.username)).toEqual(["Asha.Verma"]);
  });

  it("resets a password and revokes every session of that account", async () => {
    await addSession(owner.id, "s1");
    expect(
      (
        await resetStaffPassword(t.db, SYSTEM_ACTOR, {
          id: owner.id,
          password: "a brand new phrase 7",
        })
      ).ok,
    ).toBe(true);
    expect(await listStaffSessions(t.db, owner.id)).toEqual([]);
    const account = await t.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(
      await verifyStaffPassword({ hash: account.password!, password: "a brand new phrase 7" }),
    ).toBe(true);
  });

  it("changes one's own password after checking the current one, keeping this session only", async () => {
    await addSession(owner.id, "current", 1);
    await addSession(owner.id, "laptop", 5);
    await addSession(owner.id, "phone", 10);
    expect(
      await changeOwnPassword(t.db, actorOf(owner), {
        currentPassword: "wrong password 1",
        newPassword: "another phrase 99",
        keepSessionId: "current",
      }),
    ).toEqual({
      ok: false,
      error: "The current password is not correct",
      field: "currentPassword",
    });
    expect(
      await changeOwnPassword(t.db, actorOf(owner), {
        currentPassword: PASSWORD,
        newPassword: "another phrase 99",
        keepSessionId: "current",
      }),
    ).toEqual({ ok: true, value: { revokedSessions: 2 } });
    expect((await listStaffSessions(t.db, owner.id)).map((s) => s.id)).toEqual(["current"]);
  });

  it("lists and revokes one's own sessions only", async () => {
    const other = await createStaffMember(
      t.db,
      SYSTEM_ACTOR,
      input({ username: "ravi", email: "ravi@example.in", role: "editor", name: "Ravi" }),
    );
    if (!other.ok) throw new Error(other.error);
    await addSession(owner.id, "mine-new", 1);
    await addSession(owner.id, "mine-old", 30);
    await addSession(other.value.id, "theirs");
    const sessions = await listStaffSessions(t.db, owner.id);
    expect(sessions.map((s) => s.id)).toEqual(["mine-new", "mine-old"]);
    expect(sessions[0]).toMatchObject({ ipAddress: "203.0.113.1", userAgent: "Test browser" });
    expect(await revokeStaffSession(t.db, actorOf(owner), "theirs")).toBe(false);
    expect(await revokeStaffSession(t.db, actorOf(owner), "mine-old")).toBe(true);
    await addSession(owner.id, "mine-3");
    expect(await revokeOtherStaffSessions(t.db, actorOf(owner), "mine-new")).toBe(1);
    expect((await listStaffSessions(t.db, owner.id)).map((s) => s.id)).toEqual(["mine-new"]);
    expect((await listStaffSessions(t.db, other.value.id)).map((s) => s.id)).toEqual(["theirs"]);
  });
});
