import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewEnquiryRow } from "~/db/schema";
import { numberedEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import {
  DEFAULT_INBOX_QUERY,
  filtersOf,
  inboxSearch,
  parseInboxQuery,
} from "~/modules/enquiries/inbox-query";
import { subscriberCsvStream } from "~/modules/newsletter/export.server";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  ENQUIRY_CSV_COLUMNS,
  enquiryCsvStream,
  enquiryExportFileName,
  indiaDate,
} from "./enquiry-export.server";

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

describe("the inbox's URL", () => {
  it("reads the view from the query string, with defaults for anything that makes no sense", () => {
    expect(parseInboxQuery(new URLSearchParams(""))).toEqual(DEFAULT_INBOX_QUERY);
    expect(
      parseInboxQuery(
        new URLSearchParams(
          "q=%20Acme%20&status=closed&sort=company&dir=asc&page=3&folder=spam&source=%20linkedin%20&campaign=q4",
        ),
      ),
    ).toEqual({
      q: "Acme",
      status: "closed",
      sort: "company",
      dir: "asc",
      page: 3,
      folder: "spam",
      source: "linkedin",
      campaign: "q4",
    });
    expect(
      parseInboxQuery(new URLSearchParams("status=lost&sort=email&dir=up&page=-2&folder=x")),
    ).toEqual(DEFAULT_INBOX_QUERY);
    expect(parseInboxQuery(new URLSearchParams("page=2.5")).page).toBe(1);
  });

  it("writes a view back with the defaults left out", () => {
    const view = parseInboxQuery(new URLSearchParams("q=acme&sort=fullName&dir=asc&page=2"));
    expect(inboxSearch(view)).toBe("?q=acme&sort=fullName&dir=asc&page=2");
    expect(inboxSearch(view, { page: 1, q: "" })).toBe("?sort=fullName&dir=asc");
    expect(inboxSearch(DEFAULT_INBOX_QUERY)).toBe("");
    expect(filtersOf({ ...DEFAULT_INBOX_QUERY, folder: "spam" }).spam).toBe(true);
  });

  it("names the export file with the date in India", () => {
    // 20:00 UTC on 1 March is already 2 March in India.
    const late = new Date("2026-03-01T20:00:00.000Z");
    expect(indiaDate(late)).toBe("2026-03-02");
    expect(enquiryExportFileName(late)).toBe("enquiries_2026-03-02.csv");
  });
});

describe.each(DIALECTS)("the CSV exports on %s", (dialect) => {
  let t: TestDatabase;

  const row = (i: number, fields: Partial<NewEnquiryRow> = {}) => numberedEnquiry(i, fields);

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("enquiries").execute();
    await t.db.deleteFrom("newsletterSubscribers").execute();
  });

  it("exports the filtered, sorted list as CSV: exact columns, quotes doubled, formulas inert", async () => {
    await t.db
      .insertInto("enquiries")
      .values([
        row(1, { company: "=SUM(A1:A9)", message: 'Say "hi",\nplease', status: "closed" }),
        row(2, { company: "+cmd", phone: "+91 11 2345 6789", status: "closed" }),
        row(3, { company: "@bad", status: "new" }),
        row(4, { company: "-minus", service: "equity", status: "closed" }),
        row(5, { company: "Plain", status: "closed", spamReason: "honeypot" }),
      ])
      .execute();
    const text = await readAll(
      enquiryCsvStream(t.db, { status: "closed", sort: "submittedAt", dir: "asc" }),
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('"Say ""hi"",\nplease"');
    expect(text.split("\r\n")[0]).toBe(`\uFEFF${ENQUIRY_CSV_COLUMNS.join(",")}`);
    const records: string[][] = parse(text, { bom: true });
    // After the spec's eight: the fields only the enquiry's page showed before (none set here),
    // who changed the status last (not recorded for these rows), notes and the booking's slot.
    const restOf = (i: number) => [
      `Name${i}`,
      "Person",
      "",
      "",
      "",
      "",
      "No",
      "Contact form",
      "Not recorded",
      "",
      "",
      "",
    ];
    expect(records).toEqual([
      [...ENQUIRY_CSV_COLUMNS],
      [
        "Name1 Person",
        "person1@example.com",
        "'=SUM(A1:A9)",
        "",
        "",
        "Closed",
        "2026-01-01T00:01:00.000Z",
        'Say "hi",\nplease',
        ...restOf(1),
      ],
      [
        "Name2 Person",
        "person2@example.com",
        "'+cmd",
        "+91 11 2345 6789",
        "",
        "Closed",
        "2026-01-01T00:02:00.000Z",
        "",
        ...restOf(2),
      ],
      [
        "Name4 Person",
        "person4@example.com",
        "'-minus",
        "",
        "Equity Compensation & ESOPs",
        "Closed",
        "2026-01-01T00:04:00.000Z",
        "",
        ...restOf(4),
      ],
    ]);
  });

  it("writes phone numbers as data, in the international format whatever their stored shape", async () => {
    await t.db
      .insertInto("enquiries")
      .values([
        row(1, { phone: "+91 98765 43210" }),
        // Saved before phone numbers were checked: formatted when possible, else as typed.
        row(2, { phone: "+919810012345" }),
        row(3, { phone: "(011) 2345-6789" }),
        row(4, { phone: "-5" }),
        row(5, { phone: "=1+2" }),
      ])
      .execute();
    const records: string[][] = parse(
      await readAll(enquiryCsvStream(t.db, { sort: "submittedAt", dir: "asc" })),
      { bom: true },
    );
    expect(records.slice(1).map((r) => r[3])).toEqual([
      "+91 98765 43210",
      "+91 98100 12345",
      "+91 11 2345 6789",
      "-5",
      "'=1+2",
    ]);
  });

  it("exports subscribers as CSV with their consent", async () => {
    await subscribe(t.db, {
      email: "a@example.com",
      source: "footer:/",
      consentText: "Send me the newsletter.",
      confirmed: true,
    });
    await subscribe(t.db, {
      email: "b@example.com",
      source: "resources:/resources",
      consentText: "Send me the newsletter.",
      confirmed: false,
    });
    const records: string[][] = parse(
      await readAll(subscriberCsvStream(t.db, { status: "subscribed" })),
      {
        bom: true,
      },
    );
    expect(records[0]).toEqual([
      "Email",
      "Status",
      "Source",
      "Consent Text",
      "Consented At",
      "Confirmed At",
      "Unsubscribed At",
    ]);
    expect(records.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ["a@example.com", "subscribed", "footer:/", "Send me the newsletter."],
    ]);
  });
});
