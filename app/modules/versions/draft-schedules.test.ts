import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CareerInput, careerInputSchema } from "~/modules/careers/career.schema";
import { addCareer } from "~/modules/careers/career-commands.server";
import { postingScheduleHandler, postingVersions } from "~/modules/careers/career-versions.server";
import { getCareer, listActiveCareers } from "~/modules/careers/careers.server";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { pageScheduleHandler, pageVersions } from "~/modules/pages/page-versions.server";
import { getPage } from "~/modules/pages/pages.server";
import type { Service } from "~/modules/services/service.schema";
import {
  serviceScheduleHandler,
  serviceVersions,
} from "~/modules/services/service-versions.server";
import { getService, insertDefaultServices } from "~/modules/services/services.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { auditEntries, staffAccount } from "../../../tests/support/write-path";
import { saveDraft } from "./drafts.server";
import { istLocalToUtc } from "./ist";
import { startScheduleJob } from "./schedule-job.server";
import { addSchedule, listPendingSchedules, type ScheduleAction } from "./schedules.server";
import { getDraft, listVersions } from "./versions.server";

/*
 * Issue 29, decision 0060: services, page texts and job postings scheduled on the articles' one
 * mechanism. The clock is the test's (never waited on): nothing happens a minute early; at the
 * moment, two runners at once (two instances) make the change once, through the kind's own
 * commands, so the content version (page cache, sitemap) moves with it.
 */

const HANDLERS = {
  service: serviceScheduleHandler,
  page: pageScheduleHandler,
  posting: postingScheduleHandler,
};

const posting = (overrides: Partial<CareerInput> = {}): CareerInput =>
  careerInputSchema.parse({
    title: "Rewards Analyst",
    department: "Analytics",
    location: "New Delhi",
    type: "Full-time",
    description: "Benchmark pay for growing companies.",
    status: "draft",
    ...overrides,
  });

describe.each(DIALECTS)("scheduled publishing of services, pages and postings on %s", (dialect) => {
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
  beforeEach(async () => {
    for (const table of ["contentDrafts", "contentVersions", "contentSchedules"] as const) {
      await t.db.deleteFrom(table).execute();
    }
    await t.db.deleteFrom("careers").execute();
  });

  const schedule = (kind: keyof typeof HANDLERS, key: string, action: ScheduleAction, at: string) =>
    addSchedule(t.db, editor, { kind, entityId: key, title: key }, action, at);

  /** Two runners (two instances) at the same moment; resolves with how many changes they made. */
  async function runTwiceAt(iso: string): Promise<number> {
    const runners = [0, 1].map(() =>
      startScheduleJob(t.db, { handlers: HANDLERS, now: () => new Date(iso) }),
    );
    const done = await Promise.all(runners.map((runner) => runner.runNow()));
    await Promise.all(runners.map((runner) => runner.stop()));
    return done.reduce((sum, count) => sum + count, 0);
  }

  it("publishes a service's draft at its moment, once, keeping a version by System", async () => {
    const live = (await getService(t.db, "equity")) as Service;
    await saveDraft(t.db, editor, serviceVersions, "equity", { ...live, title: "Equity, revised" });
    const runAt = istLocalToUtc("2026-12-01T09:30") as string;
    await schedule("service", "equity", "publish", runAt);

    expect(await runTwiceAt("2026-12-01T03:59:00.000Z")).toBe(0);
    expect((await getService(t.db, "equity"))?.title).toBe(live.title);

    const before = await readContentVersion(t.db);
    expect(await runTwiceAt("2026-12-01T04:00:20.000Z")).toBe(1);
    expect((await getService(t.db, "equity"))?.title).toBe("Equity, revised");
    expect(await readContentVersion(t.db)).toBeGreaterThan(before);
    expect(await getDraft(t.db, "service", "equity")).toBeUndefined();
    const versions = await listVersions(t.db, "service", "equity");
    expect(versions.map((v) => [v.number, v.note, v.actorName])).toEqual([
      [1, "Published (scheduled)", "System"],
    ]);
    expect(await listPendingSchedules(t.db, "service", "equity")).toEqual([]);
    expect(await runTwiceAt("2026-12-01T04:05:00.000Z")).toBe(0);
  });

  it("a page's scheduled publish with no draft left changes nothing and says so", async () => {
    const home = await getPage(t.db, "home");
    await schedule("page", "home", "publish", "2026-12-02T00:00:00.000Z");
    const before = await readContentVersion(t.db);
    expect(await runTwiceAt("2026-12-02T00:00:30.000Z")).toBe(1);
    expect(await readContentVersion(t.db)).toBe(before);
    expect(await getPage(t.db, "home")).toEqual(home);
    expect(await listVersions(t.db, "page", "home")).toEqual([]);
    const outcome = await t.db.selectFrom("contentSchedules").select("outcome").execute();
    expect(outcome).toEqual([{ outcome: "unchanged" }]);
    expect((await auditEntries(t.db)).map((entry) => entry.summary)).toContain(
      'The scheduled publish of "Home page" found nothing to change',
    );
  });

  it("a page's draft goes live at its moment", async () => {
    const home = await getPage(t.db, "home");
    await saveDraft(t.db, editor, pageVersions, "home", {
      ...home,
      hero: { ...home.hero, title: "Pay that holds up" },
    });
    await schedule("page", "home", "publish", "2026-12-02T01:00:00.000Z");
    const before = await readContentVersion(t.db);
    expect(await runTwiceAt("2026-12-02T01:00:59.000Z")).toBe(1);
    expect((await getPage(t.db, "home")).hero.title).toBe("Pay that holds up");
    expect(await readContentVersion(t.db)).toBeGreaterThan(before);
  });

  it("puts a draft posting on the Careers page and takes it off again, each once", async () => {
    const created = await addCareer(t.db, editor, posting());
    await schedule("posting", created.id, "publish", "2026-12-03T04:00:00.000Z");
    await schedule("posting", created.id, "unpublish", "2026-12-05T04:00:00.000Z");

    const before = await readContentVersion(t.db);
    expect(await runTwiceAt("2026-12-03T04:00:10.000Z")).toBe(1);
    expect((await getCareer(t.db, created.id))?.status).toBe("active");
    // The sitemap and the Careers page list the active postings.
    expect((await listActiveCareers(t.db)).map((career) => career.id)).toEqual([created.id]);
    expect(await readContentVersion(t.db)).toBeGreaterThan(before);
    expect(
      (await listVersions(t.db, "posting", created.id)).map((v) => [v.note, v.actorName]),
    ).toEqual([["Published", "System"]]);

    const live = await readContentVersion(t.db);
    expect(await runTwiceAt("2026-12-05T04:00:10.000Z")).toBe(1);
    expect((await getCareer(t.db, created.id))?.status).toBe("draft");
    expect(await listActiveCareers(t.db)).toEqual([]);
    expect(await readContentVersion(t.db)).toBeGreaterThan(live);
  });

  it("publishes the draft of a posting on the site; an unpublish of one already off is a no-op", async () => {
    const created = await addCareer(t.db, editor, posting({ status: "active" }));
    const live = (await postingVersions.load(t.db, created.id)) as NonNullable<
      Awaited<ReturnType<typeof postingVersions.load>>
    >;
    await saveDraft(t.db, editor, postingVersions, created.id, { ...live, location: "Gurugram" });
    await schedule("posting", created.id, "publish", "2026-12-06T04:00:00.000Z");
    expect(await runTwiceAt("2026-12-06T04:00:01.000Z")).toBe(1);
    expect((await getCareer(t.db, created.id))?.location).toBe("Gurugram");

    await t.db.updateTable("careers").set({ status: "draft" }).execute();
    await schedule("posting", created.id, "unpublish", "2026-12-07T04:00:00.000Z");
    const before = await readContentVersion(t.db);
    expect(await runTwiceAt("2026-12-07T04:00:01.000Z")).toBe(1);
    expect(await readContentVersion(t.db)).toBe(before);
    const outcomes = await t.db
      .selectFrom("contentSchedules")
      .select("outcome")
      .orderBy("runAt")
      .execute();
    expect(outcomes.map((row) => row.outcome)).toEqual(["done", "unchanged"]);
  });
});
