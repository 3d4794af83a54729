import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { clearBookings, consultantFixture } from "~/modules/bookings/booking-fixtures";
import { enquiryRow } from "~/modules/enquiries/enquiry-fixtures";
import { seedDefaults } from "~/modules/seed.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { funnelMonths, funnelReport } from "./funnel.server";
import { funnelCsv } from "./funnel-export.server";
import { type FunnelQuery, NOT_RECORDED } from "./funnel-query";

/*
 * The funnel's figures from seeded records, on SQLite and PostgreSQL: months in India time,
 * split by the first or latest source or campaign, visits as a month's total only.
 */

const NOW = new Date("2026-11-20T10:00:00.000Z");
const QUERY: FunnelQuery = { by: "source", touch: "first", months: 3 };
let serial = 0;

async function lead(
  db: DB,
  at: string,
  status: string,
  source?: { first: [string, string]; latest: [string, string] },
) {
  serial += 1;
  const id = `enq-${serial}`;
  await db
    .insertInto("enquiries")
    .values(
      enquiryRow(id, {
        firstName: "A",
        lastName: `Lead ${serial}`,
        fullName: `A Lead ${serial}`,
        email: `lead${serial}@example.com`,
        company: "",
        submittedAt: at,
        status,
        source: "contact",
      }),
    )
    .execute();
  if (source) await sourceOf(db, { enquiryId: id }, source);
  return id;
}

async function sourceOf(
  db: DB,
  owner: { enquiryId: string } | { bookingId: string },
  source: { first: [string, string]; latest: [string, string] },
) {
  serial += 1;
  const blank = {
    Medium: "",
    Term: "",
    Content: "",
    Referrer: "",
    Landing: "/",
    Date: "2026-10-01",
  };
  await db
    .insertInto("leadSources")
    .values({
      id: `src-${serial}`,
      enquiryId: null,
      bookingId: null,
      applicationId: null,
      subscriberId: null,
      ...owner,
      firstSource: source.first[0],
      firstCampaign: source.first[1],
      latestSource: source.latest[0],
      latestCampaign: source.latest[1],
      ...Object.fromEntries(Object.entries(blank).map(([k, v]) => [`first${k}`, v])),
      ...Object.fromEntries(Object.entries(blank).map(([k, v]) => [`latest${k}`, v])),
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    } as never)
    .execute();
}

async function booking(
  db: DB,
  consultantId: string,
  enquiryId: string,
  at: string,
  status: string,
) {
  serial += 1;
  const id = `bk-${serial}`;
  await db
    .insertInto("bookings")
    .values({
      id,
      consultantId,
      startsAt: "2026-12-01T04:30:00.000Z",
      endsAt: "2026-12-01T05:00:00.000Z",
      visitorName: "A Lead",
      visitorEmail: `booker${serial}@example.com`,
      visitorCompany: "",
      visitorPhone: "",
      visitorTimeZone: "Asia/Kolkata",
      status,
      enquiryId,
      icsUid: `uid-${serial}`,
      icsSequence: 0,
      manageLinkVersion: 1,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return id;
}

const LINKEDIN = { first: ["linkedin", "q4-rewards"], latest: ["google.com", ""] } as {
  first: [string, string];
  latest: [string, string];
};

describe("funnel months", () => {
  it("are India's calendar months, oldest first, starting at India's midnight", () => {
    expect(funnelMonths(NOW, 3)).toEqual([
      { month: "2026-09", start: "2026-08-31T18:30:00.000Z" },
      { month: "2026-10", start: "2026-09-30T18:30:00.000Z" },
      { month: "2026-11", start: "2026-10-31T18:30:00.000Z" },
    ]);
    // 1 December 00:10 in India is still 30 November in UTC.
    expect(funnelMonths(new Date("2026-11-30T18:40:00.000Z"), 1)[0]?.month).toBe("2026-12");
  });
});

describe.each(DIALECTS)("the funnel, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    await clearBookings(t.db);
    const { consultant } = await consultantFixture(t.db);
    // October (India): two LinkedIn leads, one booked and held, one qualified; one without a source.
    const a = await lead(t.db, "2026-10-05T06:00:00.000Z", "qualified", LINKEDIN);
    await sourceOf(
      t.db,
      { bookingId: await booking(t.db, consultant.id, a, "2026-10-05T06:01:00.000Z", "completed") },
      LINKEDIN,
    );
    await lead(t.db, "2026-10-31T18:45:00.000Z", "new", LINKEDIN); // 1 Nov 00:15 in India
    await lead(t.db, "2026-10-10T06:00:00.000Z", "closed");
    // November: a booking that was cancelled, from a lead without a source.
    const c = await lead(t.db, "2026-11-02T06:00:00.000Z", "contacted");
    await booking(t.db, consultant.id, c, "2026-11-02T06:01:00.000Z", "cancelled");
    // Too old for three months, and spam: neither counts.
    await lead(t.db, "2026-08-30T06:00:00.000Z", "new", LINKEDIN);
    const spam = await lead(t.db, "2026-10-06T06:00:00.000Z", "new", LINKEDIN);
    await t.db
      .updateTable("enquiries")
      .set({ spamReason: "honeypot" })
      .where("id", "=", spam)
      .execute();
    await t.db
      .insertInto("pageViews")
      .values([
        { day: "2026-10-01", path: "/", views: 40 },
        { day: "2026-10-31", path: "/guides", views: 2 },
        { day: "2026-11-01", path: "/", views: 7 },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("counts per month and first source, with visits as the month's total", async () => {
    const report = await funnelReport(t.db, QUERY, NOW);
    expect(report.months).toEqual([
      { month: "2026-09", visits: 0, leads: 0, booked: 0, held: 0, qualified: 0, closed: 0 },
      { month: "2026-10", visits: 42, leads: 2, booked: 1, held: 1, qualified: 1, closed: 1 },
      { month: "2026-11", visits: 7, leads: 2, booked: 1, held: 0, qualified: 0, closed: 0 },
    ]);
    expect(report.rows).toEqual([
      {
        month: "2026-11",
        key: NOT_RECORDED,
        leads: 1,
        booked: 1,
        held: 0,
        qualified: 0,
        closed: 0,
      },
      { month: "2026-11", key: "linkedin", leads: 1, booked: 0, held: 0, qualified: 0, closed: 0 },
      {
        month: "2026-10",
        key: NOT_RECORDED,
        leads: 1,
        booked: 0,
        held: 0,
        qualified: 0,
        closed: 1,
      },
      { month: "2026-10", key: "linkedin", leads: 1, booked: 1, held: 1, qualified: 1, closed: 0 },
    ]);
  });

  it("splits by campaign, or by the latest visit", async () => {
    const campaigns = await funnelReport(t.db, { ...QUERY, by: "campaign" }, NOW);
    expect(campaigns.rows.map((r) => `${r.month} ${r.key} ${r.leads}`)).toContain(
      "2026-10 q4-rewards 1",
    );
    const latest = await funnelReport(t.db, { ...QUERY, touch: "latest" }, NOW);
    expect(latest.rows.map((r) => `${r.month} ${r.key} ${r.leads}`)).toContain(
      "2026-10 google.com 1",
    );
  });

  it("exports the same figures as CSV, visits only on the total rows", async () => {
    const report = await funnelReport(t.db, QUERY, NOW);
    const lines = funnelCsv(report, QUERY)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Month,Source (first visit),Visits,Leads,Consultations booked,Consultations held,Now qualified,Now closed",
    );
    expect(lines).toContain("2026-10,linkedin,,1,1,1,1,0");
    expect(lines).toContain("2026-10,All (total),42,2,1,1,1,1");
  });
});
