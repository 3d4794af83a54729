import type { DB } from "~/db/client.server";
import type { NewEnquiryRow } from "~/db/schema";
import type { Enquiry } from "./enquiry.schema";

/* Test helpers: enquiry rows inserted directly, with explicit times and names. */

export const BLANK_OPTIONALS = {
  title: "",
  phone: "",
  companySize: "",
  industry: "",
  service: "",
  timeline: "",
  message: "",
} as const;

/**
 * An enquiry row as the contact form stores it (Jane Doe of Acme, sent now, new), with the fields
 * given: for tests that insert rows directly.
 */
export const enquiryRow = (id: string, fields: Partial<NewEnquiryRow> = {}): NewEnquiryRow => ({
  id,
  firstName: "Jane",
  lastName: "Doe",
  fullName: "Jane Doe",
  email: "jane@example.com",
  company: "Acme",
  ...BLANK_OPTIONALS,
  newsletter: false,
  submittedAt: new Date().toISOString(),
  status: "new",
  source: "contact_form",
  spamReason: null,
  updatedAt: null,
  ...fields,
});

/**
 * Enquiry row number i (`<idPrefix><i padded to width>`), a minute after row i - 1, with the
 * fields given: the numbered rows the inbox, export and search tests insert.
 */
export const numberedEnquiry = (
  i: number,
  fields: Partial<NewEnquiryRow> = {},
  { idPrefix = "enq_t_", width = 3 }: { idPrefix?: string; width?: number } = {},
): NewEnquiryRow =>
  enquiryRow(`${idPrefix}${String(i).padStart(width, "0")}`, {
    firstName: `Name${i}`,
    lastName: "Person",
    fullName: `Name${i} Person`,
    email: `person${i}@example.com`,
    company: `Company ${i}`,
    submittedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    ...fields,
  });

let counter = 0;
/** Inserts an enquiry row directly, with explicit times and names. */
export async function insertEnquiry(db: DB, fields: Partial<NewEnquiryRow> = {}): Promise<string> {
  counter += 1;
  const firstName = fields.firstName ?? "Person";
  const lastName = fields.lastName ?? `Number${counter}`;
  const row = numberedEnquiry(
    counter,
    { firstName, lastName, fullName: `${firstName} ${lastName}`, ...fields },
    { idPrefix: "enq_fixture_", width: 5 },
  );
  await db.insertInto("enquiries").values(row).execute();
  return row.id;
}

export async function collect(iterable: AsyncIterable<Enquiry>): Promise<Enquiry[]> {
  const items: Enquiry[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

export const ids = (items: { id: string }[]) => items.map((item) => item.id);
