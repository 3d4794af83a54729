import type { DB } from "~/db/client.server";
import { readPersonalRows } from "./personal-data-rows.server";
import { isRequestKind, REQUEST_KIND_SHORT } from "./request-fields";

/*
 * Everything the site holds about an address, for an access request (DPDP Act 2023 s.11(1)(a):
 * a summary of the personal data processed and of the processing; s.11(1)(b): with whom it was
 * shared). Read live (personal-data-rows.server.ts) from every table that keeps personal data by
 * address: the person record (modules/people), enquiries (resource and calculator requests
 * included) with their notes, bookings, job applications with their notes, the newsletter
 * subscription, where each came from (lead sources), the consent ledger, the e-mails sent to the
 * address, what was sent to the firm's webhook receivers, and earlier privacy requests. Columns that are secrets of the site
 * (tokens, hashes, claim and lock fields) are left out: they say nothing about the person and
 * would let a reader act as the site.
 */

export type DataValue = string | number | boolean | null;
export type DataRecord = Record<string, DataValue>;

export interface DataSection {
  title: string;
  /** Why the site keeps it, in words. */
  purpose: string;
  records: DataRecord[];
}

export interface PersonalDataReport {
  email: string;
  generatedAt: string;
  siteName: string;
  sections: DataSection[];
  /** Who else received data about the address (processors and receivers), in words. */
  sharedWith: string[];
}

/** Column names of secrets and machinery, never part of a copy. */
const HIDDEN = /token|hash|claim|locked|search|secret|^key$|icsUid|manageLinkVersion/i;

function cleaned(row: Record<string, unknown>): DataRecord {
  const record: DataRecord = {};
  for (const [key, value] of Object.entries(row)) {
    if (HIDDEN.test(key)) continue;
    record[key] =
      value === null || value === undefined
        ? null
        : typeof value === "number" || typeof value === "boolean"
          ? value
          : String(value);
  }
  return record;
}

export async function gatherPersonalData(
  db: DB,
  input: { email: string; siteName: string; now?: Date },
): Promise<PersonalDataReport> {
  const email = input.email.trim().toLowerCase();
  const rows = await readPersonalRows(db, email);
  const sections: DataSection[] = [
    {
      title: "Your record",
      purpose:
        "One record per e-mail address, so that our staff see everything you sent us in one place.",
      records: rows.person
        ? [cleaned({ ...rows.person, tags: rows.personTags.map((t) => t.tag).join(", ") })]
        : [],
    },
    {
      title: "Enquiries and requests",
      purpose:
        "To answer your enquiry, send the resource or breakdown you asked for, and follow up on it.",
      records: rows.enquiries.map(cleaned),
    },
    {
      title: "Notes on your enquiries",
      purpose: "What our staff wrote down while handling your enquiries.",
      records: rows.enquiryNotes.map(cleaned),
    },
    {
      title: "Consultation bookings",
      purpose: "To hold the consultation you booked and remind you of it.",
      records: rows.bookings.map(cleaned),
    },
    {
      title: "Job applications",
      purpose: "To consider your application and, if you agreed, future roles.",
      records: rows.applications.map(cleaned),
    },
    {
      title: "CV files",
      purpose: "The CVs you uploaded with your applications (ask us for a copy of the file).",
      records: rows.files.map(cleaned),
    },
    {
      title: "Notes on your applications",
      purpose: "What our staff wrote down while considering your applications.",
      records: rows.applicationNotes.map(cleaned),
    },
    {
      title: "Notes on your record",
      purpose: "What our staff wrote down about you.",
      records: rows.personNotes.map(cleaned),
    },
    {
      title: "Newsletter",
      purpose: "To send the newsletter you subscribed to.",
      records: rows.subscribers.map(cleaned),
    },
    {
      title: "Where your visits came from",
      purpose: "Which of our articles and campaigns led to what you sent us.",
      records: rows.sources.map(cleaned),
    },
    {
      title: "Consents",
      purpose: "Proof of each consent you gave or withdrew, with the words you were shown.",
      records: rows.consents.map(cleaned),
    },
    {
      title: "E-mails to you",
      purpose: "The e-mails we sent or are about to send you.",
      records: rows.mails.map(cleaned),
    },
    {
      title: "Sent to our other systems",
      purpose: "Notices about you sent to the firm's own systems (such as its CRM).",
      records: rows.deliveries.map(cleaned),
    },
    {
      title: "Privacy requests",
      purpose: "The requests you made here, and what we did.",
      records: rows.requests.map((row) =>
        cleaned({
          ...row,
          kind: isRequestKind(row.kind) ? REQUEST_KIND_SHORT[row.kind] : row.kind,
        }),
      ),
    },
  ];
  const receivers = [...new Set(rows.deliveries.map((row) => hostOf(row.receiver)))];
  return {
    email,
    generatedAt: (input.now ?? new Date()).toISOString(),
    siteName: input.siteName,
    sections,
    sharedWith: [
      "The companies that host this website and deliver its e-mail, as our processors, for those purposes only.",
      ...receivers.map(
        (host) => `The firm's own system at ${host}, which received the notices listed above.`,
      ),
    ],
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an address the firm configured";
  }
}

/** How many records the report holds, for the page and the audit entry. */
export const recordCount = (report: PersonalDataReport) =>
  report.sections.reduce((sum, section) => sum + section.records.length, 0);
