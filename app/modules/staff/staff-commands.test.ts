import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  auditEntries,
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import { verifyStaffPassword } from "./password-hash.server";
import { newStaffSchema } from "./staff.schema";
import { getStaffMember, listStaffSessions } from "./staff.server";
import {
  createStaffMember,
  removeStaffMember,
  resetStaffPassword,
  setStaffDisabled,
  setStaffRole,
} from "./staff-commands.server";

const PASSWORD = "mango tractor lantern 42";

describe.each(DIALECTS)("what an admin does to staff accounts, on %s", (dialect) => {
  let t: TestDatabase;
  let admin: StaffActor;
  let ravi: StaffActor;

  const addSession = (userId: string, id: string) =>
    t.db
      .insertInto("session")
      .values({
        id,
        token: `token-${id}`,
        userId,
        createdAt: new Date(),
        updatedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
        ipAddress: null,
        userAgent: null,
        impersonatedBy: null,
      })
      .execute();
  const storedHash = async (userId: string) =>
    (
      await t.db
        .selectFrom("account")
        .select("password")
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow()
    ).password;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("user").execute();
    admin = await staffAccount(t.db, { username: "asha", role: "admin" });
    ravi = await staffAccount(t.db, { username: "ravi" });
    await addSession(ravi.id, "ravi-laptop");
  });

  it("stores each change with its audit entry, and never raises the content version", async () => {
    const before = await writePathState(t.db);
    const created = await createStaffMember(
      t.db,
      admin,
      newStaffSchema.parse({
        name: "Meera Nair",
        username: "Meera.N",
        email: "meera@example.in",
        role: "editor",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    );
    if (!created.ok) throw new Error(created.error);
    expect(
      await verifyStaffPassword({
        hash: (await storedHash(created.value.id))!,
        password: PASSWORD,
      }),
    ).toBe(true);
    expect((await setStaffRole(t.db, admin, { id: ravi.id, role: "admin" })).ok).toBe(true);
    expect((await setStaffDisabled(t.db, admin, { id: ravi.id, disabled: true })).ok).toBe(true);
    expect(await listStaffSessions(t.db, ravi.id)).toEqual([]);
    expect((await setStaffDisabled(t.db, admin, { id: ravi.id, disabled: false })).ok).toBe(true);
    const reset = await resetStaffPassword(t.db, admin, {
      id: ravi.id,
      password: "fresh phrase 77",
    });
    expect(reset.ok).toBe(true);
    expect((await removeStaffMember(t.db, admin, created.value.id)).ok).toBe(true);
    expect(await getStaffMember(t.db, created.value.id)).toBeUndefined();

    const after = await writePathState(t.db);
    expect(after.version).toBe(before.version);
    expect(after.audit.slice(before.audit.length)).toEqual(
      [
        ["create", created.value.id, 'Added the editor account "Meera.N"'],
        ["role", ravi.id, 'Changed the role of "ravi" to admin'],
        ["disable", ravi.id, 'Disabled the account "ravi"'],
        ["enable", ravi.id, 'Enabled the account "ravi"'],
        ["reset_password", ravi.id, 'Reset the password of "ravi"'],
        ["delete", created.value.id, 'Removed the account "Meera.N" (Meera Nair)'],
      ].map(([action, entityId, summary]) => ({
        actorId: admin.id,
        actorName: admin.name,
        action,
        entityType: "user",
        entityId,
        summary,
      })),
    );
  });

  it("records nothing for a refusal or for a role the member already has", async () => {
    const before = await writePathState(t.db);
    expect((await setStaffRole(t.db, admin, { id: ravi.id, role: "editor" })).ok).toBe(true);
    expect(await setStaffRole(t.db, admin, { id: admin.id, role: "editor" })).toMatchObject({
      ok: false,
      error: "You cannot change your own role",
    });
    expect(await removeStaffMember(t.db, ravi, admin.id)).toEqual({
      ok: false,
      error: "At least one active admin must remain",
    });
    expect(await setStaffDisabled(t.db, admin, { id: "gone", disabled: true })).toMatchObject({
      ok: false,
      error: "This staff account no longer exists",
    });
    expect(
      await createStaffMember(
        t.db,
        admin,
        newStaffSchema.parse({
          name: "Ravi Again",
          username: "RAVI",
          email: "other@example.in",
          role: "editor",
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
      ),
    ).toMatchObject({ ok: false, field: "username" });
    expect(await writePathState(t.db)).toEqual(before);
  });

  it("stores nothing when the audit entry fails after the change", async () => {
    const failing = failingOn(t.db, "auditLog");
    const hash = await storedHash(ravi.id);
    const before = await writePathState(t.db);
    const input = newStaffSchema.parse({
      name: "Lost Person",
      username: "lost",
      email: "lost@example.in",
      role: "editor",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    await expect(createStaffMember(failing, admin, input)).rejects.toThrow(FORCED_FAILURE);
    await expect(setStaffRole(failing, admin, { id: ravi.id, role: "admin" })).rejects.toThrow(
      FORCED_FAILURE,
    );
    await expect(setStaffDisabled(failing, admin, { id: ravi.id, disabled: true })).rejects.toThrow(
      FORCED_FAILURE,
    );
    await expect(
      resetStaffPassword(failing, admin, { id: ravi.id, password: "fresh phrase 77" }),
    ).rejects.toThrow(FORCED_FAILURE);
    await expect(removeStaffMember(failing, admin, ravi.id)).rejects.toThrow(FORCED_FAILURE);

    expect(await t.db.selectFrom("user").select("username").orderBy("username").execute()).toEqual([
      { username: "asha" },
      { username: "ravi" },
    ]);
    expect(await getStaffMember(t.db, ravi.id)).toMatchObject({ role: "editor", disabled: false });
    expect(await storedHash(ravi.id)).toBe(hash);
    expect((await listStaffSessions(t.db, ravi.id)).map((s) => s.id)).toEqual(["ravi-laptop"]);
    expect(await auditEntries(t.db)).toEqual(before.audit);
    expect(await writePathState(t.db)).toEqual(before);
  });
});
