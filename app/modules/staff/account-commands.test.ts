import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StaffActor, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import {
  completeSetup,
  createFirstAdmin,
  isSetupTokenValid,
  issueSetupLink,
} from "~/modules/setup/setup-token.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import {
  changeOwnPassword,
  recordSignIn,
  revokeOtherStaffSessions,
  revokeStaffSession,
  signOutSession,
} from "./account-commands.server";
import { hashStaffPassword, verifyStaffPassword } from "./password-hash.server";
import { setupSchema } from "./staff.schema";
import { listStaff, listStaffSessions } from "./staff.server";

const PASSWORD = "mango tractor lantern 42";

describe.each(DIALECTS)("one's own account, on %s", (dialect) => {
  let t: TestDatabase;
  let asha: StaffActor;

  const addSession = (id: string) =>
    t.db
      .insertInto("session")
      .values({
        id,
        token: `token-${id}`,
        userId: asha.id,
        createdAt: new Date(),
        updatedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
        ipAddress: null,
        userAgent: null,
        impersonatedBy: null,
      })
      .execute();
  const sessions = async () => (await listStaffSessions(t.db, asha.id)).map((s) => s.id).sort();
  const passwordMatches = async (password: string) => {
    const { password: hash } = await t.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", asha.id)
      .executeTakeFirstOrThrow();
    return verifyStaffPassword({ hash: hash!, password });
  };
  const change = (db: typeof t.db, currentPassword: string) =>
    changeOwnPassword(db, asha, {
      currentPassword,
      newPassword: "another phrase 99",
      keepSessionId: "current",
    });

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("user").execute();
    asha = await staffAccount(t.db, { username: "asha" });
    await t.db
      .updateTable("account")
      .set({ password: await hashStaffPassword(PASSWORD) })
      .where("userId", "=", asha.id)
      .execute();
    for (const id of ["current", "laptop", "phone"]) await addSession(id);
  });

  it("stores each change with its audit entry, and never raises the content version", async () => {
    const before = await writePathState(t.db);
    expect(await change(t.db, PASSWORD)).toEqual({ ok: true, value: { revokedSessions: 2 } });
    expect(await passwordMatches("another phrase 99")).toBe(true);
    await addSession("tablet");
    await addSession("desk");
    expect(await revokeStaffSession(t.db, asha, "tablet")).toBe(true);
    expect(await revokeOtherStaffSessions(t.db, asha, "current")).toBe(1);
    await signOutSession(t.db, asha, "current");
    expect(await sessions()).toEqual([]);
    await recordSignIn(t.db, asha, " with Google");

    const after = await writePathState(t.db);
    expect(after.version).toBe(before.version);
    expect(after.audit.slice(before.audit.length)).toEqual(
      [
        ["password", "Changed their own password"],
        ["sign_out", "Signed out one of their other sessions"],
        ["sign_out", "Signed out 1 other session"],
        ["sign_out", "Signed out"],
        ["sign_in", "Signed in with Google"],
      ].map(([action, summary]) => ({
        actorId: asha.id,
        actorName: asha.name,
        action,
        entityType: "user",
        entityId: asha.id,
        summary,
      })),
    );
  });

  it("records nothing when the current password is wrong or nothing is signed out", async () => {
    const before = await writePathState(t.db);
    expect(await change(t.db, "wrong password 1")).toMatchObject({
      ok: false,
      field: "currentPassword",
    });
    expect(await revokeStaffSession(t.db, asha, "someone-else")).toBe(false);
    await t.db.deleteFrom("session").where("id", "!=", "current").execute();
    expect(await revokeOtherStaffSessions(t.db, asha, "current")).toBe(0);
    expect(await writePathState(t.db)).toEqual(before);
  });

  it("stores nothing when the audit entry fails after the change", async () => {
    const failing = failingOn(t.db, "auditLog");
    const before = await writePathState(t.db);
    await expect(change(failing, PASSWORD)).rejects.toThrow(FORCED_FAILURE);
    await expect(revokeStaffSession(failing, asha, "laptop")).rejects.toThrow(FORCED_FAILURE);
    await expect(revokeOtherStaffSessions(failing, asha, "current")).rejects.toThrow(
      FORCED_FAILURE,
    );
    await expect(signOutSession(failing, asha, "current")).rejects.toThrow(FORCED_FAILURE);
    expect(await passwordMatches(PASSWORD)).toBe(true);
    expect(await sessions()).toEqual(["current", "laptop", "phone"]);
    expect(await writePathState(t.db)).toEqual(before);
  });
});

describe.each(DIALECTS)("the first admin, on %s", (dialect) => {
  let t: TestDatabase;
  const setup = setupSchema.parse({
    name: "Owner",
    username: "Owner",
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
    await t.db.deleteFrom("auditLog").execute();
  });

  it("uses the setup link, stores the account and records it as done by that admin, together", async () => {
    const token = tokenOf((await issueSetupLink(t.db, "https://example.in")).url);
    const before = await writePathState(t.db);
    await expect(completeSetup(failingOn(t.db, "auditLog"), token, setup)).rejects.toThrow(
      FORCED_FAILURE,
    );
    expect(await listStaff(t.db)).toEqual([]);
    expect(await isSetupTokenValid(t.db, token)).toBe(true);
    expect(await writePathState(t.db)).toEqual(before);

    const created = await completeSetup(t.db, token, setup);
    if (!created.ok) throw new Error(created.error);
    expect(await isSetupTokenValid(t.db, token)).toBe(false);
    const after = await writePathState(t.db);
    expect(after.version).toBe(before.version);
    expect(after.audit).toEqual([
      {
        actorId: created.value.id,
        actorName: "Owner",
        action: "create",
        entityType: "user",
        entityId: created.value.id,
        summary: 'Created the first admin account "Owner" with the setup link',
      },
    ]);
  });

  it("creates the first admin from ADMIN_* once, without an audit entry", async () => {
    const admin = await createFirstAdmin(t.db, { ...setup, name: undefined });
    expect(admin).toMatchObject({ name: "Owner", username: "Owner", role: "admin" });
    expect(await createFirstAdmin(t.db, { ...setup, username: "second" })).toBeUndefined();
    expect((await listStaff(t.db)).length).toBe(1);
    expect((await writePathState(t.db)).audit).toEqual([]);
    expect(SYSTEM_ACTOR.id).toBeNull();
  });
});
