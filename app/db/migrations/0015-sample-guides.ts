import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 24 (decision 0042): the seeded resources' PDFs were three pages (a cover, the summary,
 * "About us") under descriptions that promised worked examples, survey findings and client
 * results. For each seeded resource staff have not changed since the seed (every staff write
 * moves `updatedAt` past `createdAt`, and its file is still the seed's `<slug>.pdf`):
 *
 * - the four that now ship as written guides lose the old file and get the description the
 *   guide delivers; the seed step at the next start (attachSampleGuideFiles) gives each its
 *   new PDF before the server answers;
 * - the six whose promises nobody has written (a survey of 150 companies, client results) become
 *   drafts without a file, hidden from visitors until staff supply the real document.
 *
 * Resources staff changed keep what they hold, and a fresh install (seeded after this runs)
 * has nothing to change. Data only; the texts are copied here so that the migration does not
 * change when the defaults do.
 */

const GUIDE_SUMMARIES: Record<string, string> = {
  "esop-design-playbook":
    "A step-by-step guide to sizing your option pool from the hiring plan, choosing vesting and exercise terms, documenting the plan under the Companies Act and explaining the tax on exercise, with worked examples at seed, Series A and Series B.",
  "salary-structure-toolkit":
    "A method and table templates to build grades, pay ranges and a merit matrix, and to structure salaries under the Code on Wages' 50% wages rule, with worked examples of a pay range, the wages test and gratuity.",
  "total-rewards-framework":
    "Our People, Purpose, Pay framework explained, with diagnostic questions, priorities for companies of 50 to 500 employees and a worked total rewards statement.",
  "pay-equity-audit-guide":
    "A practical method to find and fix unexplained pay gaps, from preparing the data to communicating the outcome, with one grade worked through.",
};

const UNWRITTEN = [
  "benefits-benchmark-report",
  "state-of-esops-india",
  "executive-pay-pre-ipo",
  "saas-scaleup-esop-redesign",
  "nbfc-sales-incentive-plan",
  "consulting-firm-career-framework",
];

type Row = { slug: string; fileId: string; fileName: string; createdAt: string; updatedAt: string };

export const sampleGuides: Migration = {
  async up(db: Kysely<unknown>) {
    const slugs = [...Object.keys(GUIDE_SUMMARIES), ...UNWRITTEN];
    const { rows } = await sql<Row>`
      select r.${sql.ref("slug")}, r.${sql.ref("fileId")}, f.${sql.ref("fileName")},
        r.${sql.ref("createdAt")}, r.${sql.ref("updatedAt")}
      from ${sql.table("resources")} r
      join ${sql.table("storedFiles")} f on f.${sql.ref("id")} = r.${sql.ref("fileId")}
      where r.${sql.ref("slug")} in (${sql.join(slugs)})
    `.execute(db);
    const untouched = rows.filter(
      (row) =>
        String(row.createdAt) === String(row.updatedAt) && row.fileName === `${row.slug}.pdf`,
    );
    for (const row of untouched) {
      const summary = GUIDE_SUMMARIES[row.slug];
      if (summary) {
        await sql`
          update ${sql.table("resources")}
          set ${sql.ref("fileId")} = null, ${sql.ref("summary")} = ${summary}
          where ${sql.ref("slug")} = ${row.slug}
        `.execute(db);
      } else {
        await sql`
          update ${sql.table("resources")}
          set ${sql.ref("fileId")} = null, ${sql.ref("status")} = 'draft'
          where ${sql.ref("slug")} = ${row.slug}
        `.execute(db);
      }
      await sql`
        delete from ${sql.table("storedFileChunks")} where ${sql.ref("fileId")} = ${row.fileId}
      `.execute(db);
      await sql`
        delete from ${sql.table("storedFiles")} where ${sql.ref("id")} = ${row.fileId}
      `.execute(db);
    }
    if (untouched.length === 0) return;
    // The stored Resources page shows the change at the next request (decision 0009).
    await sql`
      update ${sql.table("contentVersion")} set ${sql.ref("version")} = ${sql.ref("version")} + 1
    `.execute(db);
  },
  async down() {
    // Nothing to undo: the old files promised what they did not hold.
  },
};
