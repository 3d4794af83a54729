import type { Insertable } from "kysely";
import type { DB } from "~/db/client.server";
import type { ApplicationsTable } from "~/db/schema";
import { nowIso } from "~/lib/time";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer } from "~/modules/careers/careers.server";
import { fileStore } from "~/modules/files/file-store.server";
import { refreshApplicationCount } from "./applications.server";

/*
 * Test helpers for erasure, retention and the counts: postings and applications inserted
 * directly (with a stored CV), as the public form would leave them, without going through it.
 */

/** A posting of the status given (active by default); its id is the slug of the title. */
export async function insertPosting(
  db: DB,
  title: string,
  status: "active" | "draft" | "closed" = "active",
): Promise<string> {
  const career = await createCareer(
    db,
    careerInputSchema.parse({
      title,
      department: "Analytics",
      location: "New Delhi",
      type: "Full-time",
      description: "Reward analytics for our clients.",
      status,
    }),
  );
  return career.id;
}

export interface ApplicationFixture extends Partial<Insertable<ApplicationsTable>> {
  careerId: string;
  /** The CV's bytes (a PDF by default); null for an application without a stored CV. */
  cv?: Uint8Array | null;
}

let sequence = 0;

/**
 * An application with a CV stored through the file store, and its posting's count refreshed,
 * as the public form leaves it. Answers the application's id and its CV file's id.
 */
export async function insertApplication(
  db: DB,
  {
    cv = new TextEncoder().encode("%PDF-1.4\n% a test CV\n%%EOF\n"),
    ...fields
  }: ApplicationFixture,
): Promise<{ id: string; cvFileId: string | null }> {
  sequence += 1;
  const id = fields.id ?? `app_ops_${sequence}_${Math.random().toString(36).slice(2, 8)}`;
  const stored = cv
    ? await fileStore.save(db, {
        purpose: "cv",
        fileName: "cv-test-candidate.pdf",
        contentType: "application/pdf",
        bytes: cv,
      })
    : null;
  const career = await db
    .selectFrom("careers")
    .select("title")
    .where("id", "=", fields.careerId)
    .executeTakeFirst();
  await db
    .insertInto("applications")
    .values({
      careerTitle: career?.title ?? "A former posting",
      fullName: "Test Candidate",
      email: "candidate@example.in",
      phone: "+91 98765 43210",
      location: "New Delhi",
      noticePeriod: "30 days",
      profileUrl: "",
      coverNote: "I would like to join.",
      consentText: "I agree that my application is kept for the stated period.",
      status: "new",
      spamReason: null,
      submittedAt: nowIso(),
      updatedAt: null,
      ...fields,
      id,
      cvFileId: stored?.id ?? null,
    })
    .execute();
  await refreshApplicationCount(db, fields.careerId);
  return { id, cvFileId: stored?.id ?? null };
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
