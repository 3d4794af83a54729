import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { seedDefaults } from "~/modules/seed.server";
import { DEFAULT_SERVICES } from "~/modules/services/services.defaults";
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
import { resetServices, saveService } from "./service-commands.server";
import { getService, listServices, updateService } from "./services.server";

describe.each(DIALECTS)("service commands on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;
  const first = DEFAULT_SERVICES[0]!;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "priya" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("services").execute();
    await seedDefaults(t.db);
  });

  it("saves a service with its audit entry and raises the content version", async () => {
    const before = await writePathState(t.db);
    expect(await saveService(t.db, editor, { ...first, title: "Equity, simply" })).toBe(true);
    expect((await getService(t.db, first.id))?.title).toBe("Equity, simply");
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect((await auditEntries(t.db)).slice(before.audit.length)).toEqual([
      {
        actorId: editor.id,
        actorName: editor.name,
        action: "update",
        entityType: "service",
        entityId: first.id,
        summary: 'Updated the service "Equity, simply"',
      },
    ]);
  });

  it("records nothing for a service that no longer exists", async () => {
    const before = await writePathState(t.db);
    expect(await saveService(t.db, editor, { ...first, id: "gone" })).toBe(false);
    expect(await writePathState(t.db)).toEqual(before);
  });

  it("resets every service to the defaults with one audit entry and a version bump", async () => {
    await updateService(t.db, { ...first, title: "Edited" });
    await t.db.deleteFrom("services").where("id", "=", DEFAULT_SERVICES[5]!.id).execute();
    const before = await writePathState(t.db);
    const services = await resetServices(t.db, editor);
    expect(services).toEqual(DEFAULT_SERVICES);
    expect(await listServices(t.db)).toEqual(DEFAULT_SERVICES);
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect((await auditEntries(t.db)).slice(before.audit.length)).toEqual([
      expect.objectContaining({
        actorId: editor.id,
        action: "reset",
        entityType: "service",
        entityId: null,
        summary: "Reset all services to the 6 defaults",
      }),
    ]);
  });

  it.each(["auditLog", "contentVersion"] as const)(
    "stores nothing when writing to %s fails after a save",
    async (table) => {
      const before = await writePathState(t.db);
      await expect(
        saveService(failingOn(t.db, table), editor, { ...first, title: "Lost" }),
      ).rejects.toThrow(FORCED_FAILURE);
      expect((await getService(t.db, first.id))?.title).toBe(first.title);
      expect(await writePathState(t.db)).toEqual(before);
    },
  );

  it.each(["auditLog", "contentVersion"] as const)(
    "keeps the edited services when writing to %s fails after a reset",
    async (table) => {
      await updateService(t.db, { ...first, title: "Edited" });
      await t.db.deleteFrom("services").where("id", "=", DEFAULT_SERVICES[5]!.id).execute();
      const edited = await listServices(t.db);
      const before = await writePathState(t.db);
      await expect(resetServices(failingOn(t.db, table), editor)).rejects.toThrow(FORCED_FAILURE);
      expect(await listServices(t.db)).toEqual(edited);
      expect(edited).toHaveLength(5);
      expect(await writePathState(t.db)).toEqual(before);
    },
  );
});
