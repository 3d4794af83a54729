import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { FILE_KINDS } from "~/modules/files/file-kinds.server";
import { resourceInputSchema } from "~/modules/library/resource.schema";
import { createResource } from "~/modules/library/resource-commands.server";
import {
  publishResourceVersion,
  resourceScheduleHandler,
} from "~/modules/library/resource-versions.server";
import { getPublishedResource } from "~/modules/library/resources.server";
import { pdfFile } from "../../../tests/support/office-files";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { staffAccount } from "../../../tests/support/write-path";
import { startScheduleJob } from "./schedule-job.server";
import { addSchedule } from "./schedules.server";
import { listVersions } from "./versions.server";

/*
 * Resources on the versions mechanism (issue 29, decision 0060): every publish keeps a version,
 * and a scheduled publish or unpublish happens once with two runners at the same moment (the
 * clock is the test's), raising the content version so that the page cache follows.
 */

const guide = (slug: string) =>
  resourceInputSchema.parse({
    type: "guide",
    title: "The ESOP Design Playbook",
    slug,
    summary: "Sizing the pool, vesting and communication.",
    category: "Equity Compensation",
    pageCount: "24",
  });

describe.each(DIALECTS)("resource versions and schedules on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "meera" });
  });
  afterAll(async () => {
    await t.destroy();
  });

  const runners = (iso: string) =>
    [0, 1].map(() =>
      startScheduleJob(t.db, {
        handlers: { resource: resourceScheduleHandler },
        now: () => new Date(iso),
      }),
    );

  it("keeps a version at each publish", async () => {
    const file = { bytes: await pdfFile("Playbook"), kind: FILE_KINDS.pdf };
    await createResource(t.db, editor, { input: guide("playbook"), file });
    expect(await publishResourceVersion(t.db, editor, "playbook")).toBe("published");
    expect(await publishResourceVersion(t.db, editor, "playbook")).toBe("already");
    const versions = await listVersions(t.db, "resource", "playbook");
    expect(
      versions.map((v) => [v.number, v.fields.title, v.fields.pageCount, v.actorName]),
    ).toEqual([[1, "The ESOP Design Playbook", "24", editor.name]]);
  });

  it("publishes and unpublishes at their moments once with two runners", async () => {
    const file = { bytes: await pdfFile("Later"), kind: FILE_KINDS.pdf };
    await createResource(t.db, editor, { input: guide("later"), file });
    const item = { kind: "resource" as const, entityId: "later", title: "Later" };
    await addSchedule(t.db, editor, item, "publish", "2026-12-05T04:30:00.000Z");
    await addSchedule(t.db, editor, item, "unpublish", "2026-12-06T04:30:00.000Z");

    const early = runners("2026-12-05T04:29:59.000Z");
    expect((await Promise.all(early.map((job) => job.runNow()))).reduce((a, b) => a + b)).toBe(0);
    await Promise.all(early.map((job) => job.stop()));
    expect(await getPublishedResource(t.db, "later")).toBeUndefined();

    const before = await readContentVersion(t.db);
    const due = runners("2026-12-05T04:30:20.000Z");
    expect((await Promise.all(due.map((job) => job.runNow()))).reduce((a, b) => a + b)).toBe(1);
    await Promise.all(due.map((job) => job.stop()));
    expect((await getPublishedResource(t.db, "later"))?.slug).toBe("later");
    expect(await readContentVersion(t.db)).toBeGreaterThan(before);
    expect((await listVersions(t.db, "resource", "later"))[0]?.note).toBe("Published (scheduled)");

    const off = runners("2026-12-06T04:31:00.000Z");
    expect((await Promise.all(off.map((job) => job.runNow()))).reduce((a, b) => a + b)).toBe(1);
    await Promise.all(off.map((job) => job.stop()));
    expect(await getPublishedResource(t.db, "later")).toBeUndefined();
  });
});
