import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { currentNotice } from "~/modules/privacy/notice.server";
import { noticeHistory, noticeScheduleHandler } from "~/modules/privacy/notice-drafts.server";
import { howPublished } from "~/modules/privacy/notice-origin";
import { startScheduleJob } from "~/modules/versions/schedule-job.server";
import * as privacyAdmin from "~/routes/admin/privacy";
import * as privacyPage from "~/routes/public/privacy";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { auditEntries } from "../../support/write-path";

/*
 * Issue 29 for the privacy notice (decision 0075): its draft is scheduled as every other kind's
 * is, from /admin/privacy as a browser without JavaScript posts, and published by the one
 * schedule job with the test's clock (never waited on). A minute early nothing changes; at the
 * moment two runners at once (two instances) publish it once, as the next notice version in
 * the name of the admin who scheduled it, and /privacy and the content version follow.
 */

type Answer = { message: string; scheduleState?: { errors?: Record<string, string> } };
interface Editing {
  body: string;
  draft?: { savedByName: string };
  schedules: Array<{ id: string; action: string; runAt: string; createdByName: string }>;
  versions: Array<{ version: number; scheduled: boolean | number; restoredFrom: number | null }>;
}
interface Shown {
  notice: { version: number; document: { title: string } };
}

describe.each(DIALECTS)("scheduling the privacy notice's draft (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
    editor = await h.staff("editor");
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await h.db.deleteFrom("contentSchedules").execute();
    await h.db.deleteFrom("contentDrafts").execute();
  });

  const post = (fields: Record<string, string>, cookie = admin.cookie) =>
    h.action<Answer>(privacyAdmin, h.post("/admin/privacy", fields, { cookie }));
  const editing = async () =>
    (await h.loader<Editing>(privacyAdmin, h.get("/admin/privacy", { cookie: admin.cookie }))).data;
  const live = async () =>
    (await h.loader<Shown>(privacyPage, h.get("/privacy"), { context: await h.publicContext() }))
      .data.notice;
  const retitled = async (title: string) =>
    (await currentNotice(h.db)).body.replace(/^# .*$/m, `# ${title}`);

  /** Two runners (two instances) at the same moment; resolves with how many changes they made. */
  async function runTwiceAt(iso: string): Promise<number> {
    const runners = [0, 1].map(() =>
      startScheduleJob(h.db, {
        handlers: { privacy: noticeScheduleHandler },
        now: () => new Date(iso),
      }),
    );
    const done = await Promise.all(runners.map((runner) => runner.runNow()));
    await Promise.all(runners.map((runner) => runner.stop()));
    return done.reduce((sum, count) => sum + count, 0);
  }

  it("refuses a past, unreal or missing time and an unpublish with the other kinds' messages", async () => {
    const schedule = (fields: Record<string, string>) => post({ intent: "schedule", ...fields });
    const past = await schedule({ action: "publish", runAt: "2020-01-01T10:00" });
    expect(past.status).toBe(400);
    expect(past.data.message).toBe("Error: not scheduled. Please correct the fields marked below.");
    expect(fieldMessage(past.data.scheduleState, "runAt")).toBe(
      "Choose a time still to come (IST)",
    );
    const unreal = await schedule({ action: "publish", runAt: "2031-02-31T10:00" });
    expect(fieldMessage(unreal.data.scheduleState, "runAt")).toBe(
      "Enter a real date and time in IST (e.g. 2026-12-01 09:30)",
    );
    const empty = await schedule({ action: "publish", runAt: "" });
    expect(fieldMessage(empty.data.scheduleState, "runAt")).toBe("Date and time are required");
    const unpublish = await schedule({ action: "unpublish", runAt: "2031-02-01T10:00" });
    expect(unpublish.status).toBe(400);
    expect(fieldMessage(unpublish.data.scheduleState, "action")).toBe(
      "The privacy notice is always on the site: choose Publish (its draft).",
    );
    // Editors cannot edit the notice, so they cannot schedule it either.
    const byEditor = await post(
      { intent: "schedule", action: "publish", runAt: "2031-02-01T10:00" },
      editor.cookie,
    );
    expect(byEditor.status).toBe(403);
    expect((await editing()).schedules).toEqual([]);
  });

  it("lists a schedule typed in IST, stored in UTC, and cancels it", async () => {
    const ok = await post({ intent: "schedule", action: "publish", runAt: "2031-02-01T10:00" });
    expect(ok.status).toBe(200);
    expect(ok.data.message).toBe("Scheduled: the privacy notice will be published then.");
    const [pending, ...more] = (await editing()).schedules;
    expect(more).toEqual([]);
    expect(pending).toMatchObject({
      action: "publish",
      runAt: "2031-02-01T04:30:00.000Z",
      createdByName: admin.username,
    });
    expect((await auditEntries(h.db)).at(-1)?.summary).toBe(
      'Scheduled to publish "Privacy notice" at 1 Feb 2031, 10:00 am IST',
    );

    const cancelled = await post({ intent: "cancel-schedule", scheduleId: pending?.id ?? "" });
    expect(cancelled.data.message).toBe("Scheduled change cancelled.");
    expect((await editing()).schedules).toEqual([]);
    const again = await post({ intent: "cancel-schedule", scheduleId: pending?.id ?? "" });
    expect(again.data.message).toBe("That change has already run or gone.");
  });

  it("publishes the draft at its moment, once across two instances, in the scheduler's name", async () => {
    const before = await currentNotice(h.db);
    const text = await retitled("Privacy Notice (scheduled)");
    expect((await post({ intent: "draft", body: text })).data.message).toMatch(/^Draft saved/);
    await post({ intent: "schedule", action: "publish", runAt: "2031-04-01T09:30" });
    const contentVersion = await readContentVersion(h.db);

    // A minute early: nothing changes.
    expect(await runTwiceAt("2031-04-01T03:59:00.000Z")).toBe(0);
    expect(await live()).toMatchObject({ version: before.version });
    expect(await readContentVersion(h.db)).toBe(contentVersion);
    expect((await editing()).schedules).toHaveLength(1);

    // At the moment: once, however many instances run.
    expect(await runTwiceAt("2031-04-01T04:00:20.000Z")).toBe(1);
    expect(await live()).toEqual(
      expect.objectContaining({
        version: before.version + 1,
        document: expect.objectContaining({ title: "Privacy Notice (scheduled)" }),
      }),
    );
    const published = await currentNotice(h.db);
    expect(published).toMatchObject({
      version: before.version + 1,
      body: text,
      publishedAt: "2031-04-01T04:00:20.000Z",
      publishedById: admin.id,
      publishedByName: admin.username,
    });
    expect(await readContentVersion(h.db)).toBe(contentVersion + 1);
    const after = await editing();
    expect(after.draft).toBeUndefined();
    expect(after.body).toBe(text);
    expect(after.schedules).toEqual([]);
    expect(
      (await auditEntries(h.db)).slice(-2).map((entry) => [entry.actorName, entry.summary]),
    ).toEqual([
      [admin.username, `Published version ${before.version + 1} of the privacy notice`],
      ["System", 'Ran the scheduled publish of "Privacy notice"'],
    ]);

    // The history and the notice's page say it was the schedule, in the scheduler's name.
    const [newest] = await noticeHistory(h.db);
    expect(newest).toMatchObject({ note: "Published (scheduled)", actorName: admin.username });
    expect(after.versions.map((v) => [v.version, howPublished(v)]).slice(0, 2)).toEqual([
      [before.version + 1, "scheduled"],
      [before.version, undefined],
    ]);

    // Run again later: nothing left to do.
    expect(await runTwiceAt("2031-04-01T04:05:00.000Z")).toBe(0);
    expect((await currentNotice(h.db)).version).toBe(before.version + 1);
    expect(await readContentVersion(h.db)).toBe(contentVersion + 1);
  });

  it("a scheduled publish with no draft left changes nothing and says so", async () => {
    const before = await currentNotice(h.db);
    await post({ intent: "draft", body: await retitled("Dropped before its time") });
    await post({ intent: "schedule", action: "publish", runAt: "2031-05-01T10:00" });
    await post({ intent: "discard-draft" });
    const contentVersion = await readContentVersion(h.db);

    expect(await runTwiceAt("2031-05-01T04:30:05.000Z")).toBe(1);
    expect((await currentNotice(h.db)).version).toBe(before.version);
    expect(await live()).toMatchObject({ version: before.version });
    expect(await readContentVersion(h.db)).toBe(contentVersion);
    expect(await h.db.selectFrom("contentSchedules").select("outcome").execute()).toEqual([
      { outcome: "unchanged" },
    ]);
    expect((await auditEntries(h.db)).at(-1)?.summary).toBe(
      'The scheduled publish of "Privacy notice" found nothing to change',
    );
  });
});
