import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes } from "../dialect.ts";

/*
 * Issue 24: the launch checklist on the dashboard (docs/decisions/0041-launch-checklist.md).
 *
 * - `articles.sample` and `resources.sample`: the row is one of the seeded samples, written by
 *   the seed and not yet edited by staff. The admin lists show a "Sample" badge and the checklist
 *   stays open while one is published; saving the row clears it. Rows already stored are samples
 *   when they still are exactly as the seed wrote them: a seeded slug whose last change is the
 *   seed's own (an article's publication day at midnight, as 0012 left it; a resource's creation).
 * - `launchChecklistDismissals`: the items staff dismissed, shared by every instance.
 */

const SEEDED_ARTICLE_SLUGS = [
  "why-benchmarking-breeds-sameness",
  "esop-mistakes-startups-make",
  "designing-sales-incentives-that-work",
  "benefits-employees-value",
  "pay-transparency-india",
  "merit-increase-budgets",
];

const SEEDED_RESOURCE_SLUGS = [
  "esop-design-playbook",
  "salary-structure-toolkit",
  "benefits-benchmark-report",
  "state-of-esops-india",
  "executive-pay-pre-ipo",
  "total-rewards-framework",
  "pay-equity-audit-guide",
  "saas-scaleup-esop-redesign",
  "nbfc-sales-incentive-plan",
  "consulting-firm-career-framework",
];

export const launchChecklist: Migration = {
  async up(db: Kysely<unknown>) {
    const { bool, dialect } = columnTypes(db);
    const no = dialect === "postgres" ? sql`false` : sql`0`;
    const yes = dialect === "postgres" ? sql`true` : sql`1`;
    for (const table of ["articles", "resources"]) {
      await db.schema
        .alterTable(table)
        .addColumn("sample", bool, (c) => c.notNull().defaultTo(no))
        .execute();
    }
    // `||` concatenates text on both dialects.
    const seededChange = sql`${sql.ref("publishedOn")} || 'T00:00:00.000Z'`;
    await sql`
      update ${sql.table("articles")} set ${sql.ref("sample")} = ${yes}
      where ${sql.ref("slug")} in (${sql.join(SEEDED_ARTICLE_SLUGS)})
        and ${sql.ref("updatedAt")} = ${seededChange}
    `.execute(db);
    await sql`
      update ${sql.table("resources")} set ${sql.ref("sample")} = ${yes}
      where ${sql.ref("slug")} in (${sql.join(SEEDED_RESOURCE_SLUGS)})
        and ${sql.ref("updatedAt")} = ${sql.ref("createdAt")}
    `.execute(db);

    await db.schema
      .createTable("launchChecklistDismissals")
      .addColumn("item", "text", (c) => c.primaryKey())
      .addColumn("dismissedBy", "text")
      .addColumn("dismissedByName", "text", (c) => c.notNull())
      .addColumn("dismissedAt", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("launchChecklistDismissals").execute();
    for (const table of ["articles", "resources"]) {
      await db.schema.alterTable(table).dropColumn("sample").execute();
    }
  },
};
