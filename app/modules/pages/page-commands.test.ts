import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { seedDefaults } from "~/modules/seed.server";
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
import { updatePageContent } from "./page-commands.server";
import { getPage } from "./pages.server";

describe.each(DIALECTS)("saving page texts on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    editor = await staffAccount(t.db, { username: "priya" });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("stores the texts with their audit entry and raises the content version", async () => {
    const before = await writePathState(t.db);
    const about = await getPage(t.db, "about");
    const content = { ...about, hero: { title: "Who we are", subtitle: "A small team" } };
    await updatePageContent(t.db, editor, { page: "about", content });
    expect(await getPage(t.db, "about")).toEqual(content);
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect((await auditEntries(t.db)).slice(before.audit.length)).toEqual([
      {
        actorId: editor.id,
        actorName: editor.name,
        action: "update",
        entityType: "page",
        entityId: "about",
        summary: "Updated the About page content",
      },
    ]);
  });

  it.each(["auditLog", "contentVersion"] as const)(
    "stores nothing when writing to %s fails after the save",
    async (table) => {
      const home = await getPage(t.db, "home");
      const before = await writePathState(t.db);
      await expect(
        updatePageContent(failingOn(t.db, table), editor, {
          page: "home",
          content: { ...home, hero: { title: "Lost", subtitle: "" } },
        }),
      ).rejects.toThrow(FORCED_FAILURE);
      expect(await getPage(t.db, "home")).toEqual(home);
      expect(await writePathState(t.db)).toEqual(before);
    },
  );
});
