import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
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
import { getGeneralSettings } from "./settings.server";
import { updateGeneralSettings } from "./settings-commands.server";

describe.each(DIALECTS)("saving the general settings on %s", (dialect) => {
  let t: TestDatabase;
  let admin: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    admin = await staffAccount(t.db, { username: "asha", role: "admin" });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("stores the settings with their audit entry and raises the content version", async () => {
    const before = await writePathState(t.db);
    const changed = await updateGeneralSettings(t.db, admin, {
      ...DEFAULT_GENERAL_SETTINGS,
      phone: "+91 22 5000 0000",
      maintenanceMode: true,
    });
    expect(changed).toEqual(["phone", "maintenanceMode"]);
    expect(await getGeneralSettings(t.db)).toMatchObject({
      phone: "+91 22 5000 0000",
      maintenanceMode: true,
    });
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect((await auditEntries(t.db)).slice(before.audit.length)).toEqual([
      {
        actorId: admin.id,
        actorName: admin.name,
        action: "update",
        entityType: "settings",
        entityId: "general",
        summary: "Changed settings: Phone, Maintenance mode on",
      },
    ]);
  });

  it("raises the version for each switch alone: maintenance mode and analytics are public", async () => {
    const start = await getGeneralSettings(t.db);
    const version = await readContentVersion(t.db);
    await updateGeneralSettings(t.db, admin, { ...start, maintenanceMode: false });
    expect(await readContentVersion(t.db)).toBe(version + 1);
    await updateGeneralSettings(t.db, admin, {
      ...start,
      maintenanceMode: false,
      analyticsEnabled: !start.analyticsEnabled,
    });
    expect(await readContentVersion(t.db)).toBe(version + 2);
    expect((await auditEntries(t.db)).at(-1)?.summary).toBe(
      `Changed settings: Analytics ${start.analyticsEnabled ? "off" : "on"}`,
    );
  });

  it("records nothing and keeps the version when nothing changed", async () => {
    const before = await writePathState(t.db);
    expect(await updateGeneralSettings(t.db, admin, await getGeneralSettings(t.db))).toEqual([]);
    expect(await writePathState(t.db)).toEqual(before);
  });

  it.each(["auditLog", "contentVersion"] as const)(
    "stores nothing when writing to %s fails after the save",
    async (table) => {
      const settings = await getGeneralSettings(t.db);
      const before = await writePathState(t.db);
      await expect(
        updateGeneralSettings(failingOn(t.db, table), admin, { ...settings, siteName: "Lost" }),
      ).rejects.toThrow(FORCED_FAILURE);
      expect(await getGeneralSettings(t.db)).toEqual(settings);
      expect(await writePathState(t.db)).toEqual(before);
    },
  );
});
