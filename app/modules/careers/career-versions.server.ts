import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { type DraftableKind, draftScheduleHandler } from "~/modules/versions/drafts.server";
import { recordVersion } from "~/modules/versions/versions.server";
import { type Career, type CareerStatusChange, careerInputSchema } from "./career.schema";
import { type CareerStatusOutcome, changeCareerStatus, editCareer } from "./career-commands.server";
import { getCareer } from "./careers.server";
import { postingFields } from "./posting-fields";

/*
 * Job postings on the drafts and versions of modules/versions (issue 29, decision 0060). An
 * active or closed posting has a page on the site: its edits are kept as a draft until staff
 * publish them. A posting that is a draft has none, so its edits go straight to its row, as
 * before. Every publish keeps a version: of the edits, and when the status button puts a posting
 * on the Careers page.
 */

export { postingFields };

export const POSTING_KIND = "posting" as const;

/** The fields a version keeps, labelled as the career form labels them, in its order. */
export const POSTING_FIELD_LABELS: Record<string, string> = {
  title: "Title",
  department: "Department",
  location: "Location",
  type: "Type",
  experience: "Experience",
  salary: "Salary",
  description: "Description",
  requirements: "Requirements",
  responsibilities: "Responsibilities",
  benefits: "Benefits",
  status: "Status",
  closingDate: "Closing date",
};

const hasPage = (career: Pick<Career, "status">) =>
  career.status === "active" || career.status === "closed";

const listOf = (text: string | undefined) => (text ? text.split("\n") : []);

export const postingVersions: DraftableKind<Career> = {
  kind: POSTING_KIND,
  entityType: "career",
  describe: (career) => `the career posting "${career.title}"`,
  load: (db, id) => getCareer(db, id),
  isLive: hasPage,
  fieldsOf: postingFields,
  itemOf(fields, live) {
    const parsed = careerInputSchema.safeParse({
      ...fields,
      requirements: listOf(fields.requirements),
      responsibilities: listOf(fields.responsibilities),
      benefits: listOf(fields.benefits),
    });
    return parsed.success
      ? { ...live, ...parsed.data, closingDate: parsed.data.closingDate ?? "" }
      : undefined;
  },
  apply: (trx, actor, id, career) => editCareer(trx, actor, { id, posting: career }),
  // Publish puts a draft posting on the Careers page (keeping a version), unpublish makes it a
  // draft again; a posting whose closing date has passed is not put back (changeCareerStatus).
  async setLive(trx, actor, id, live) {
    const outcome = await changePostingStatus(trx, actor, {
      id,
      status: live ? "active" : "draft",
    });
    return outcome.outcome === "changed";
  },
};

/**
 * The Careers page's status buttons (Publish, Close, Reopen): `changeCareerStatus`, and a version
 * of the posting when it goes onto the Careers page (published or reopened), in one transaction.
 */
export function changePostingStatus(
  db: DB,
  actor: Actor,
  change: CareerStatusChange,
): Promise<CareerStatusOutcome> {
  return runCommand(db, actor, async (trx) => {
    const outcome = await changeCareerStatus(trx, actor, change);
    if (outcome.outcome === "changed" && outcome.career.status === "active") {
      const note = outcome.from === "closed" ? "Reopened" : "Published";
      await recordVersion(trx, actor, POSTING_KIND, change.id, postingFields(outcome.career), note);
    }
    return { result: outcome };
  });
}

/** Publishing (a posting's draft, or the posting itself) and unpublishing at a set time. */
export const postingScheduleHandler = draftScheduleHandler(
  postingVersions,
  (career) => career.title,
);
