import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { pageContentOf, pageFields, pageVersions } from "~/modules/pages/page-versions.server";
import { getPage } from "~/modules/pages/pages.server";
import type { Service } from "~/modules/services/service.schema";
import { serviceFields, serviceVersions } from "~/modules/services/service-versions.server";
import { getService, insertDefaultServices } from "~/modules/services/services.server";
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
import { loadEditing, publishItem, restoreItemVersion, saveDraft } from "./drafts.server";
import { getDraft, listVersions } from "./versions.server";

/*
 * The generic drafts of issue 29 (decision 0060) on services and page texts: what a version keeps
 * comes back exactly as it was (lists, multi-line texts), a draft raises no content version, and a
 * publish is one transaction: when keeping its version fails, the live row, the audit log, the
 * content version and the draft are all as they were.
 */

describe.each(DIALECTS)("drafts of services and page texts on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "meera" });
    await insertDefaultServices(t.db);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("keeps a service's lists and multi-line descriptions exactly", async () => {
    const live = (await getService(t.db, "equity")) as Service;
    const edited: Service = {
      ...live,
      subServices: [
        { name: "ESOP design", description: "Pool sizing\n\nand vesting" },
        { name: "Valuation", description: "Fair value\n  indented line" },
      ],
      features: ["One", "Two"],
      process: [],
    };
    const back = serviceVersions.itemOf(serviceFields(edited), live);
    expect(back?.subServices).toEqual(edited.subServices);
    expect(back?.features).toEqual(["One", "Two"]);
    expect(back?.process).toEqual([]);
  });

  it("keeps a page's texts one field each, its lists as they were", async () => {
    const services = await getPage(t.db, "services");
    const fields = pageFields(services);
    expect(fields["hero.title"]).toBe(services.hero.title);
    expect(pageContentOf(fields, services)).toEqual(services);
    const changed = pageContentOf({ ...fields, "hero.title": "New" }, services);
    expect(changed?.hero.title).toBe("New");
    expect(changed?.process).toEqual(services.process);
  });

  it("saves a draft without a public change; a failed publish leaves everything as it was", async () => {
    const live = (await getService(t.db, "variable")) as Service;
    const before = await readContentVersion(t.db);
    expect(
      await saveDraft(t.db, editor, serviceVersions, "variable", { ...live, title: "Draft" }),
    ).toBe("drafted");
    expect(await readContentVersion(t.db)).toBe(before);
    expect((await loadEditing(t.db, serviceVersions, "variable"))?.item.title).toBe("Draft");

    const state = await writePathState(t.db);
    await expect(
      publishItem(failingOn(t.db, "contentVersions"), editor, serviceVersions, "variable"),
    ).rejects.toThrow(FORCED_FAILURE);
    expect(await writePathState(t.db)).toEqual(state);
    expect((await getService(t.db, "variable"))?.title).toBe(live.title);
    expect(await getDraft(t.db, "service", "variable")).toBeDefined();

    const published = await publishItem(t.db, editor, serviceVersions, "variable");
    expect(published).toMatchObject({ ok: true, version: 1 });
    expect((await getService(t.db, "variable"))?.title).toBe("Draft");
    expect(await getDraft(t.db, "service", "variable")).toBeUndefined();
    expect(await readContentVersion(t.db)).toBe(before + 1);
  });

  it("restores a page's version as its draft, the live texts untouched", async () => {
    const home = await getPage(t.db, "home");
    await publishItem(t.db, editor, pageVersions, "home", {
      ...home,
      hero: { ...home.hero, title: "First" },
    });
    await publishItem(t.db, editor, pageVersions, "home", {
      ...home,
      hero: { ...home.hero, title: "Second" },
    });
    expect((await listVersions(t.db, "page", "home")).map((v) => v.number)).toEqual([2, 1]);
    const before = await readContentVersion(t.db);
    expect(await restoreItemVersion(t.db, editor, pageVersions, "home", 1)).toBe(true);
    expect(await readContentVersion(t.db)).toBe(before);
    expect((await getPage(t.db, "home")).hero.title).toBe("Second");
    expect((await loadEditing(t.db, pageVersions, "home"))?.item.hero.title).toBe("First");
    expect(await restoreItemVersion(t.db, editor, pageVersions, "home", 5)).toBe(false);
  });
});
