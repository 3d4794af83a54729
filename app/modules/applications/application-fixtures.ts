import type { Insertable } from "kysely";
import type { DB } from "~/db/client.server";
import type { ApplicationsTable } from "~/db/schema";
import { inTransaction } from "~/db/transaction.server";
import { slugify } from "~/lib/slug";
import { type CareerFormInput, careerInputSchema } from "~/modules/careers/career.schema";
import { fileStore } from "~/modules/files/file-store.server";
import { refreshApplicationCount } from "./applications.server";

/*
 * Test helpers: a posting and an application as their forms send them; and postings and
 * applications inserted directly, as the public form leaves them (the row, its CV through the
 * file store and the posting's count, in one transaction; the form writes no status-history row),
 * for the staff pages', erasure's and retention's tests. Dates are relative to today: the
 * retention purge deletes applications older than its period (12 months), so a fixed date would
 * one day be purged from under a test.
 */

const DAY = 24 * 60 * 60 * 1000;

/** A posting as staff fill in the form (Rewards Consultant, active), for `createCareer`. */
export const postingInput = (overrides: Partial<CareerFormInput> = {}) =>
  careerInputSchema.parse({
    title: "Rewards Consultant",
    department: "Consulting",
    location: "New Delhi",
    type: "Full-time",
    description: "Design pay structures.",
    requirements: ["Excel"],
    benefits: ["Learning budget"],
    status: "active",
    ...overrides,
  });

/** The job application form as a candidate sends it (Anjali Mehta), for `submitApplication`. */
export function applicationForm(
  formToken: string,
  overrides: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    fullName: "Anjali Mehta",
    email: "anjali@example.com",
    phone: "+44 20 7946 0958",
    location: "London",
    noticePeriod: "60 days",
    profileUrl: "",
    coverNote: "Ten years in reward.",
    consent: "on",
    formToken,
    ...overrides,
  })) {
    form.set(name, value);
  }
  return form;
}

/** The time `days` days before now, plus `minutes` (to order fixtures within a day). */
export const daysAgo = (days: number, minutes = 0): string =>
  new Date(Date.now() - days * DAY + minutes * 60_000).toISOString();

/** A posting row (status "active" unless given); its id, the slug of the title unless given. */
export async function insertPosting(
  db: DB,
  fields: { title: string; id?: string; status?: "active" | "draft" | "closed" },
): Promise<string> {
  const id = fields.id ?? slugify(fields.title);
  const now = new Date().toISOString();
  await db
    .insertInto("careers")
    .values({
      id,
      title: fields.title,
      department: "Analytics",
      location: "New Delhi",
      type: "Full-time",
      experience: "",
      salary: "",
      description: "Reward analytics for our clients.",
      requirements: "[]",
      responsibilities: "[]",
      benefits: "[]",
      status: fields.status ?? "active",
      postedDate: now.slice(0, 10),
      applications: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

export interface ApplicationFixture extends Partial<Insertable<ApplicationsTable>> {
  careerId: string;
  /** The CV (a small PDF unless given); null for an application without a stored CV. */
  cv?: { bytes: Uint8Array; contentType?: string; fileName?: string } | null;
}

const TEST_CV = new TextEncoder().encode("%PDF-1.4\n% a test CV\n%%EOF\n");

let counter = 0;

/**
 * Inserts an application (see above) and answers its id and its CV file's id. By default it
 * arrived three days ago, application n a minute after application n - 1; its title is the
 * posting's (or "A former posting" for one that does not exist).
 */
export async function insertApplication(
  db: DB,
  { cv = { bytes: TEST_CV }, ...fields }: ApplicationFixture,
): Promise<{ id: string; cvFileId: string | null }> {
  counter += 1;
  const id = fields.id ?? `app_fixture_${String(counter).padStart(5, "0")}`;
  return inTransaction(db, async (trx) => {
    const stored = cv
      ? await fileStore.save(trx, {
          purpose: "cv",
          fileName: cv.fileName ?? `cv-${id}.pdf`,
          contentType: cv.contentType ?? "application/pdf",
          bytes: cv.bytes,
        })
      : undefined;
    const posting = await trx
      .selectFrom("careers")
      .select("title")
      .where("id", "=", fields.careerId)
      .executeTakeFirst();
    await trx
      .insertInto("applications")
      .values({
        careerTitle: posting?.title ?? "A former posting",
        fullName: `Candidate ${counter}`,
        email: `candidate${counter}@example.in`,
        phone: "+91 98765 43210",
        location: "Pune",
        noticePeriod: "30 days",
        profileUrl: "",
        coverNote: `Cover note ${counter}`,
        consentText: "I agree that the firm keeps my data for 12 months.",
        status: "new",
        spamReason: null,
        submittedAt: daysAgo(3, counter),
        updatedAt: null,
        ...fields,
        id,
        cvFileId: stored?.id ?? null,
      })
      .execute();
    await refreshApplicationCount(trx, fields.careerId);
    return { id, cvFileId: stored?.id ?? null };
  });
}

/** How many stored files and chunks a file id still has (both 0 once it is gone). */
export async function storedFileRows(db: DB, fileId: string) {
  const [files, chunks] = await Promise.all([
    db
      .selectFrom("storedFiles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id", "=", fileId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("storedFileChunks")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("fileId", "=", fileId)
      .executeTakeFirstOrThrow(),
  ]);
  return { files: Number(files.n), chunks: Number(chunks.n) };
}

/** The posting's public applications count as stored. */
export async function postingCount(db: DB, careerId: string): Promise<number> {
  const row = await db
    .selectFrom("careers")
    .select("applications")
    .where("id", "=", careerId)
    .executeTakeFirstOrThrow();
  return Number(row.applications);
}
