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

  it("exports enquiries as a dated file with the spec's columns, formulas neutralised, spam left out", async () => {
    const { out, records } = await csvOf(enquiriesExport, "/admin/enquiries/export.csv");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(out.headers.get("content-disposition")).toBe(
      `attachment; filename="enquiries_${today}.csv"`,
    );
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
        "Consultation (IST)",
        "Consultation status",
      ],
      [
        "Divya Person03",
        "person3@example.com",
        `'=HYPERLINK("http://evil.example","Click")`,
        "",
        "equity",
        "closed",
        "2026-02-01T11:00:00.000Z",
        'He said "call me"\nafter lunch',
        "",
        "",
      ],
    ]);
    const filtered = await csvOf(enquiriesExport, "/admin/enquiries/export.csv?status=new");
    expect(filtered.records).toHaveLength(1);
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
