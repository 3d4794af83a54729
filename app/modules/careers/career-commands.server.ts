import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import type { Career, CareerInput } from "./career.schema";
import {
  countActiveCareers,
  createCareer,
  deleteAllCareers,
  deleteCareer,
  getCareer,
  updateCareer,
} from "./careers.server";

/*
 * The admin's changes to job postings. Only active postings reach public output (the Careers
 * page, each posting's page, the sitemap, JobPosting data, the contact form's position preset),
 * so a change raises the public content version when the posting was or becomes active; work
 * on drafts and closed postings does not disturb the page cache.
 */

const isPublic = (career: Pick<Career, "status"> | undefined) => career?.status === "active";

/** Adds a posting (already validated); its id is the unique slug of its title (createCareer). */
export function addCareer(db: DB, actor: Actor, posting: CareerInput): Promise<Career> {
  return runCommand(db, actor, async (trx) => {
    const created = await createCareer(trx, posting);
    return {
      result: created,
      audit: {
        action: "create",
        entityType: "career",
        entityId: created.id,
        summary: `Added the career posting "${created.title}" (${created.status})`,
      },
      publicChange: isPublic(created),
    };
  });
}

/**
 * Replaces a posting's fields (already validated); false when it no longer exists. A new title
 * keeps the old id: the public address of a published posting stays stable (updateCareer).
 */
export function editCareer(
  db: DB,
  actor: Actor,
  { id, posting }: { id: string; posting: CareerInput },
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const before = await getCareer(trx, id);
    if (!before || !(await updateCareer(trx, id, posting))) return { result: false };
    return {
      result: true,
      audit: {
        action: "update",
        entityType: "career",
        entityId: id,
        summary: `Updated the career posting "${posting.title}" (${posting.status})`,
      },
      publicChange: isPublic(before) || isPublic(posting),
    };
  });
}

/** Deletes a posting; false when it no longer exists. */
export function removeCareer(db: DB, actor: Actor, id: string): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const career = await getCareer(trx, id);
    if (!career || !(await deleteCareer(trx, id))) return { result: false };
    return {
      result: true,
      audit: {
        action: "delete",
        entityType: "career",
        entityId: id,
        summary: `Deleted the career posting "${career.title}"`,
      },
      publicChange: isPublic(career),
    };
  });
}

/** "Clear All": deletes every posting; returns how many there were. */
export function clearCareers(db: DB, actor: Actor): Promise<number> {
  return runCommand(db, actor, async (trx) => {
    const anyPublic = (await countActiveCareers(trx)) > 0;
    const count = await deleteAllCareers(trx);
    return {
      result: count,
      audit: {
        action: "delete",
        entityType: "career",
        entityId: null,
        summary: `Cleared all career postings (${count})`,
      },
      publicChange: anyPublic,
    };
  });
}
