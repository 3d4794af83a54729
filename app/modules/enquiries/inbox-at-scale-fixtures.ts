import type { DB } from "~/db/client.server";
import type { NewEnquiryRow } from "~/db/schema";
import { listEnquiries } from "./inbox-list.server";

/* Test helpers of the inbox-at-scale tests (inbox-at-scale*.test.ts). */

/** Enquiry row number i, a minute after row i - 1, with the fields given. */
export const row = (i: number, fields: Partial<NewEnquiryRow> = {}): NewEnquiryRow => ({
  id: `enq_s_${String(i).padStart(4, "0")}`,
  firstName: `Name${i}`,
  lastName: "Person",
  fullName: `Name${i} Person`,
  email: `person${i}@example.com`,
  company: `Company ${i}`,
  title: "",
  phone: "",
  companySize: "",
  industry: "",
  service: "",
  timeline: "",
  message: "",
  newsletter: false,
  submittedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  status: "new",
  source: "contact_form",
  spamReason: null,
  updatedAt: null,
  ...fields,
});

/** The ids a search finds, oldest first. */
export const found = async (db: DB, q: string, spam = false) =>
  (await listEnquiries(db, { q, spam, sort: "submittedAt", dir: "asc", pageSize: 100 })).items.map(
    (e) => e.id,
  );
