import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import type { Career, CareerInput, CareerStatus, CareerStatusChange } from "./career.schema";
import {
  createCareer,
  deleteAllCareers,
  deleteCareer,
  getCareer,
  listCareers,
  updateCareer,
  updateCareerStatus,
} from "./careers.server";

/*
 * The admin's changes to job postings. Active postings reach the Careers page, the sitemap,
 * JobPosting data and the contact form's position preset; a closed one keeps its own page (old
 * links and search results land on it: its text and a "closed" notice). So a change raises the
 * public content version when the posting was or becomes active or closed; work on drafts alone
 * does not disturb the page cache.
 */

const isPublic = (career: Pick<Career, "status"> | undefined) =>
  career?.status === "active" || career?.status === "closed";

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

/** What a status change says it did, in the activity log and to the staff member. */
const STATUS_VERBS: Record<CareerStatus, string> = {
  active: "Published",
  closed: "Closed",
  draft: "Unpublished",
};

export type CareerStatusOutcome =
  | { outcome: "changed"; career: Career; from: CareerStatus }
  | { outcome: "unchanged"; career: Career }
  | { outcome: "closing-date-passed"; career: Career }
  | { outcome: "missing" };

/**
 * Publishes, closes or reopens a posting (the Careers page's status buttons), its fields left as
 * they are. A posting whose closing date has passed cannot be made active (it would be closed at
 * once): staff edit the date first. Nothing is recorded when the status is already the one asked
 * for, as the site sees it (an active posting past its closing date is closed).
 */
export function changeCareerStatus(
  db: DB,
  actor: Actor,
  { id, status }: CareerStatusChange,
): Promise<CareerStatusOutcome> {
  return runCommand<CareerStatusOutcome>(db, actor, async (trx) => {
    const before = await getCareer(trx, id);
    if (!before) return { result: { outcome: "missing" } };
    if (before.status === status) return { result: { outcome: "unchanged", career: before } };
    if (status === "active" && before.closingDatePassed) {
      return { result: { outcome: "closing-date-passed", career: before } };
    }
    await updateCareerStatus(trx, id, status);
    const verb =
      before.status === "closed" && status === "active" ? "Reopened" : STATUS_VERBS[status];
    return {
      result: { outcome: "changed", career: { ...before, status }, from: before.status },
      audit: {
        action: "status",
        entityType: "career",
        entityId: id,
        summary: `${verb} the career posting "${before.title}"`,
      },
      publicChange: isPublic(before) || isPublic({ status }),
    };
  });
}

/** "Clear All": deletes every posting; returns how many there were. */
export function clearCareers(db: DB, actor: Actor): Promise<number> {
  return runCommand(db, actor, async (trx) => {
    const anyPublic = (await listCareers(trx)).some(isPublic);
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
