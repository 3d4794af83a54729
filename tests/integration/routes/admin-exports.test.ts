import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as enquiriesExport from "~/routes/admin/enquiries.export";
import * as subscribersExport from "~/routes/admin/subscribers.export";
import {
  createRouteHarness,
  type RouteHarness,
  type RouteModule,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/* The CSV exports of the inbox and the subscribers: who may have them, headers and columns. */

describe.each(DIALECTS)("the CSV exports (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
    const base = {
      title: "HR Lead",
      companySize: "51-200",
      industry: "technology",
      service: "equity",
      timeline: "short",
      newsletter: false,
      source: "contact_form",
      updatedAt: null,
    };
    await h.db
      .insertInto("enquiries")
      .values([
        {
          ...base,
          id: "enq_formula",
          firstName: "Divya",
          lastName: "Person03",
          fullName: "Divya Person03",
          email: "person3@example.com",
          company: '=HYPERLINK("http://evil.example","Click")',
          phone: "",
          message: 'He said "call me"\nafter lunch',
          submittedAt: "2026-02-01T11:00:00.000Z",
          status: "closed",
          spamReason: null,
        },
        {
          ...base,
          id: "enq_spam",
          firstName: "Spammy",
          lastName: "Bot",
          fullName: "Spammy Bot",
          email: "bot@spam.example",
          company: "Cheap Pills",
          phone: "",
          message: "Buy",
          submittedAt: "2026-02-03T00:00:00.000Z",
          status: "new",
          spamReason: "honeypot",
        },
      ])
      .execute();
    // What the enquiry's page shows beside its fields: who changed its status last, and a note.
    await h.db
      .insertInto("enquiryStatusChanges")
      .values({
        id: "chg_1",
        enquiryId: "enq_formula",
        fromStatus: "new",
        toStatus: "closed",
        changedBy: editor.id,
        changedAt: "2026-02-02T04:30:00.000Z",
      })
      .execute();
    await h.db
      .insertInto("enquiryNotes")
      .values([
        {
          id: "note_1",
          enquiryId: "enq_formula",
          authorId: editor.id,
          body: "Called back.\nSends the pay bands on Friday.",
          createdAt: "2026-02-02T05:00:00.000Z",
        },
        {
          id: "note_2",
          enquiryId: "enq_formula",
          authorId: null,
          body: "@Renewal in March",
          createdAt: "2026-02-03T06:15:00.000Z",
        },
      ])
      .execute();
    const now = new Date().toISOString();
    await h.db
      .insertInto("newsletterSubscribers")
      .values(
        ["ana@alpha.example", "dev@gamma.example"].map((email, i) => ({
          id: `sub_${i}`,
          email,
          status: "subscribed",
          source: i === 1 ? "=cmd|' /C calc'!A0" : "footer:/",
          consentText: "ok",
          consentedAt: now,
          confirmedAt: null,
          unsubscribedAt: null,
          token: `token_${i}`,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await h?.close();
  });

  const csvOf = async (module: RouteModule, path: string) => {
    const out = await h.loader(module, h.get(path, { cookie: editor.cookie }));
    expect(out.status).toBe(200);
    expect(out.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(out.headers.get("cache-control")).toBe("no-store");
    return { out, records: parse(await out.response!.text(), { bom: true }) as string[][] };
  };

  it("refuses the exports to anyone not signed in, with 401 and no file", async () => {
    for (const [module, path] of [
      [enquiriesExport, "/admin/enquiries/export.csv"],
      [subscribersExport, "/admin/subscribers/export.csv"],
    ] as const) {
      const out = await h.loader(module, h.get(path));
      expect(out.status, path).toBe(401);
      expect(out.headers.get("content-type") ?? "", path).not.toMatch(/text\/csv/);
    }
  });

  it("exports enquiries as a dated file: the spec's columns, then every field the page shows, in its words", async () => {
    const { out, records } = await csvOf(enquiriesExport, "/admin/enquiries/export.csv");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(out.headers.get("content-disposition")).toBe(
      `attachment; filename="enquiries_${today}.csv"`,
    );
    // Spam is left out; a formula in any cell a visitor typed stays text.
    expect(records).toEqual([
      [
        "Name",
        "Email",
        "Company",
        "Phone",
        "Service",
        "Status",
        "Submitted At",
        "Message",
        "First Name",
        "Last Name",
        "Job Title",
        "Company Size",
        "Industry",
        "Timeline",
        "Newsletter",
        "Source",
        "Last Status Change",
        "Notes",
        "Consultation (IST)",
        "Consultation status",
      ],
      [
        "Divya Person03",
        "person3@example.com",
        `'=HYPERLINK("http://evil.example","Click")`,
        "",
        "Equity Compensation & ESOPs",
        "Closed",
        "2026-02-01T11:00:00.000Z",
        'He said "call me"\nafter lunch',
        "Divya",
        "Person03",
        "HR Lead",
        "51-200 employees",
        "Technology",
        "Short term (1-3 months)",
        "No",
        "Contact form",
        `${editor.username} on 2 Feb 2026, 10:00 am IST`,
        `${editor.username}, 2 Feb 2026, 10:30 am IST: Called back.\nSends the pay bands on Friday.\n\n` +
          "Former staff, 3 Feb 2026, 11:45 am IST: @Renewal in March",
        "",
        "",
      ],
    ]);
    const filtered = await csvOf(enquiriesExport, "/admin/enquiries/export.csv?status=new");
    expect(filtered.records).toHaveLength(1);
  });

  it("writes the keys of an enquiry as its page does, in every column that has them", async () => {
    const { records } = await csvOf(enquiriesExport, "/admin/enquiries/export.csv?folder=spam");
    const [header, spam] = records;
    const cell = (column: string) => spam?.[header!.indexOf(column)];
    expect(cell("Name")).toBe("Spammy Bot");
    expect(cell("Status")).toBe("New");
    expect(cell("Service")).toBe("Equity Compensation & ESOPs");
    expect(cell("Last Status Change")).toBe("Never changed");
    expect(cell("Notes")).toBe("");
  });

  it("exports subscribers, filtered like the list, formulas neutralised", async () => {
    const { out, records } = await csvOf(subscribersExport, "/admin/subscribers/export.csv");
    expect(out.headers.get("content-disposition")).toMatch(
      /^attachment; filename="subscribers_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(records[0]?.[0]).toBe("Email");
    expect(records.find((r) => r[0] === "dev@gamma.example")?.[2]).toBe("'=cmd|' /C calc'!A0");
    const alpha = await csvOf(subscribersExport, "/admin/subscribers/export.csv?q=ALPHA");
    expect(alpha.records.map((r) => r[0])).toEqual(["Email", "ana@alpha.example"]);
  });
});
