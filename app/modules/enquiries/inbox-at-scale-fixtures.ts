import type { DB } from "~/db/client.server";
import type { NewEnquiryRow } from "~/db/schema";
import { numberedEnquiry } from "./enquiry-fixtures";
import { listEnquiries } from "./inbox-list.server";

/* Test helpers of the inbox-at-scale tests (inbox-at-scale*.test.ts). */

/** Enquiry row number i, a minute after row i - 1, with the fields given. */
export const row = (i: number, fields: Partial<NewEnquiryRow> = {}) =>
  numberedEnquiry(i, fields, { idPrefix: "enq_s_", width: 4 });

/** The ids a search finds, oldest first. */
export const found = async (db: DB, q: string, spam = false) =>
  (await listEnquiries(db, { q, spam, sort: "submittedAt", dir: "asc", pageSize: 100 })).items.map(
    (e) => e.id,
  );
