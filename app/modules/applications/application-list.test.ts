import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { daysAgo, insertApplication, insertPosting } from "./application-fixtures";
import {
  applicationPostings,
  countApplicationsByStatus,
  listApplications,
  streamApplicationBatches,
} from "./application-list.server";
import { applicationFiltersOf, parseApplicationQuery } from "./application-query";

/*
 * The staff's list of applications: per posting, by status, searched, sorted and paged, with its
 * counts, and the whole filtered list in batches for the export, on both dialects.
 */

const CANDIDATES = [
  { id: "app_01", fullName: "Priya Sharma", email: "priya@example.com", status: "new" },
  { id: "app_02", fullName: "arjun Mehta", email: "arjun@mail.example", status: "interview" },
  { id: "app_03", fullName: "Zoya Khan", email: "zoya@example.com", status: "new" },
  { id: "app_04", fullName: "Dev 100%_Sure", email: "dev@example.com", status: "rejected" },
  { id: "app_05", fullName: "Meera Iyer", email: "meera@example.com", status: "hired" },
] as const;

describe.each(DIALECTS)("the applications list on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await insertPosting(t.db, { id: "analyst", title: "Compensation Analyst" });
    await insertPosting(t.db, { id: "consultant", title: "Senior Consultant" });
    await insertPosting(t.db, { id: "draft-role", title: "Draft Role", status: "draft" });
    for (const [i, candidate] of CANDIDATES.entries()) {
      const consultant = i % 2 === 1;
      await insertApplication(t.db, {
        ...candidate,
        careerId: consultant ? "consultant" : "analyst",
        careerTitle: consultant ? "Senior Consultant" : "Compensation Analyst",
        submittedAt: daysAgo(10, i * 60),
      });
    }
    await insertApplication(t.db, {
      id: "app_spam",
      fullName: "Spammy Bot",
      careerId: "analyst",
      careerTitle: "Compensation Analyst",
      spamReason: "honeypot",
    });
    // A posting deleted since: its applications stay, under the title they were sent to.
    await insertApplication(t.db, {
      id: "app_gone",
      fullName: "Kabir Rao",
      careerId: "removed-role",
      careerTitle: "Removed Role",
      status: "reviewing",
      submittedAt: daysAgo(30),
    });
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const ids = async (params: string) => {
    const query = parseApplicationQuery(new URLSearchParams(params));
    const page = await listApplications(t.db, {
      ...applicationFiltersOf(query),
      page: query.page,
      pageSize: 2,
    });
    return { ids: page.items.map((a) => a.id), total: page.total, page: page.page };
  };
  const all = async (params: string) => {
    const query = parseApplicationQuery(new URLSearchParams(params));
    return (await listApplications(t.db, applicationFiltersOf(query))).items.map((a) => a.id);
  };

  it("lists every ordinary application, newest first, spam left out", async () => {
    expect(await all("")).toEqual(["app_05", "app_04", "app_03", "app_02", "app_01", "app_gone"]);
  });

  it("filters by posting and by status", async () => {
    expect(await all("posting=consultant")).toEqual(["app_04", "app_02"]);
    expect(await all("status=new")).toEqual(["app_03", "app_01"]);
    expect(await all("posting=analyst&status=new")).toEqual(["app_03", "app_01"]);
    expect(await all("posting=analyst&status=offer")).toEqual([]);
  });

  it("searches name, e-mail and position, any case, with wildcards taken literally", async () => {
    expect(await all("q=ARJUN")).toEqual(["app_02"]);
    expect(await all("q=mail.example")).toEqual(["app_02"]);
    expect(await all("q=senior consultant")).toEqual(["app_04", "app_02"]);
    expect(await all("q=100%25_")).toEqual(["app_04"]);
    expect(await all("q=%25")).toEqual(["app_04"]);
  });

  it("sorts by name, position and status in either direction", async () => {
    expect(await all("sort=fullName&dir=asc")).toEqual([
      "app_02",
      "app_04",
      "app_gone",
      "app_05",
      "app_01",
      "app_03",
    ]);
    // Ties (the same position) in id order, the same direction.
    expect((await all("sort=careerTitle&dir=asc")).slice(0, 3)).toEqual([
      "app_01",
      "app_03",
      "app_05",
    ]);
    expect((await all("sort=careerTitle&dir=desc")).slice(0, 3)).toEqual([
      "app_04",
      "app_02",
      "app_gone",
    ]);
    // Workflow order: New, Reviewing, Interview, Offer, Hired, Rejected.
    expect(await all("sort=status&dir=asc&posting=analyst")).toEqual([
      "app_01",
      "app_03",
      "app_05",
    ]);
    expect(await all("sort=status&dir=desc&posting=consultant")).toEqual(["app_04", "app_02"]);
  });

  it("pages the list, clamping a page past the end to the last", async () => {
    expect(await ids("page=1")).toEqual({ ids: ["app_05", "app_04"], total: 6, page: 1 });
    expect(await ids("page=3")).toEqual({ ids: ["app_01", "app_gone"], total: 6, page: 3 });
    expect(await ids("page=99")).toEqual({ ids: ["app_01", "app_gone"], total: 6, page: 3 });
  });

  it("shows the spam folder on its own", async () => {
    expect(await all("folder=spam")).toEqual(["app_spam"]);
  });

  it("counts each status, of all postings or one, and the spam held back", async () => {
    expect(await countApplicationsByStatus(t.db)).toEqual({
      total: 6,
      spam: 1,
      new: 2,
      reviewing: 1,
      interview: 1,
      offer: 0,
      hired: 1,
      rejected: 1,
    });
    expect(await countApplicationsByStatus(t.db, "consultant")).toMatchObject({
      total: 2,
      spam: 0,
      interview: 1,
      rejected: 1,
    });
  });

  it("offers every posting to filter by, active first, and deleted ones that have applications", async () => {
    expect(await applicationPostings(t.db)).toEqual([
      { id: "analyst", title: "Compensation Analyst", status: "active" },
      { id: "consultant", title: "Senior Consultant", status: "active" },
      { id: "draft-role", title: "Draft Role", status: "draft" },
      { id: "removed-role", title: "Removed Role", status: "removed" },
    ]);
  });

  it("streams the whole filtered list in batches, in list order", async () => {
    for (const params of ["", "sort=fullName&dir=asc", "sort=status&dir=desc", "q=example.com"]) {
      const filters = applicationFiltersOf(parseApplicationQuery(new URLSearchParams(params)));
      const streamed: string[] = [];
      for await (const batch of streamApplicationBatches(t.db, filters, 2)) {
        expect(batch.length).toBeLessThanOrEqual(2);
        streamed.push(...batch.map((a) => a.id));
      }
      expect(streamed, params).toEqual(await all(params));
    }
  });
});
