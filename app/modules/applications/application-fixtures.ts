import type { DB } from "~/db/client.server";
import type { ApplicationsTable } from "~/db/schema";
import { inTransaction } from "~/db/transaction.server";
import { fileStore } from "~/modules/files/file-store.server";
import { refreshApplicationCount } from "./applications.server";

/*
 * Test helpers: an application inserted directly (as the public form stores one: the row, its CV
 * through the file store, the first status-history row and the posting's count, in one
 * transaction), with explicit names and times, for the staff pages' tests.
 */

export interface ApplicationFixture extends Partial<ApplicationsTable> {
  /** The CV's bytes; none: no CV. */
  cv?: { bytes: Uint8Array; contentType?: string; fileName?: string };
}

/** A posting row for the fixtures (status "active" unless given). */
export async function insertPosting(
  db: DB,
  id: string,
  fields: { title?: string; status?: string } = {},
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("careers")
    .values({
      id,
      title: fields.title ?? `Posting ${id}`,
      department: "Consulting",
      location: "Mumbai",
      type: "Full-time",
      experience: "",
      salary: "",
      description: "A posting for tests.",
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
}

let counter = 0;

/** Inserts an application (see above); its id. Row number n is a minute after row n - 1. */
export async function insertApplication(db: DB, fixture: ApplicationFixture = {}): Promise<string> {
  counter += 1;
  const { cv, ...fields } = fixture;
  const id = fields.id ?? `app_fixture_${String(counter).padStart(5, "0")}`;
  const submittedAt =
    fields.submittedAt ?? new Date(Date.UTC(2026, 0, 1) + counter * 60_000).toISOString();
  await inTransaction(db, async (trx) => {
    const stored = cv
      ? await fileStore.save(trx, {
          purpose: "cv",
          fileName: cv.fileName ?? `cv-${id}.pdf`,
          contentType: cv.contentType ?? "application/pdf",
          bytes: cv.bytes,
        })
      : undefined;
    const careerId = fields.careerId ?? "fixture-posting";
    await trx
      .insertInto("applications")
      .values({
        careerId,
        careerTitle: "Fixture Posting",
        fullName: `Candidate ${counter}`,
        email: `candidate${counter}@example.com`,
        phone: "+91 98765 43210",
        location: "Pune",
        noticePeriod: "30 days",
        profileUrl: "",
        coverNote: `Cover note ${counter}`,
        consentText: "I agree that the firm keeps my data for 12 months.",
        status: "new",
        spamReason: null,
        updatedAt: null,
        ...fields,
        id,
        submittedAt,
        cvFileId: stored?.id ?? null,
      })
      .execute();
    await trx
      .insertInto("applicationStatusChanges")
      .values({
        id: `${id}_received`,
        applicationId: id,
        fromStatus: null,
        toStatus: "new",
        changedBy: null,
        changedAt: submittedAt,
      })
      .execute();
    await refreshApplicationCount(trx, careerId);
  });
  return id;
}
