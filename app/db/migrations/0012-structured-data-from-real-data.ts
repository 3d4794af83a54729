import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 22 §4 (docs/decisions/0034-structured-data-from-real-data.md).
 *
 * - A job posting may have a closing date (`closingDate`, an IST calendar date "yyyy-MM-dd";
 *   null: none). It takes applications until the end of that day; its JobPosting data says so
 *   (`validThrough`) instead of a made-up "posted + 90 days".
 * - The six articles the seed wrote (issue 13) carried the moment of seeding as their last change
 *   and a role ("Founding Partner") as their author. Rows staff never touched since (updatedAt
 *   still equal to createdAt; the byline still the seeded one) get the change time of their
 *   publication date and the founding partner's name from the settings, as a fresh seed now
 *   writes them. Rows staff edited keep what staff wrote.
 */

/** The seeded articles: their slug, the byline the seed gave them and who wrote them. */
const SEEDED_ARTICLES = [
  ["why-benchmarking-breeds-sameness", "Founding Partner", "ceoName"],
  ["esop-mistakes-startups-make", "Equity Practice Lead", "ceoName"],
  ["designing-sales-incentives-that-work", "Variable Pay Practice Lead", "ceoName"],
  ["benefits-employees-value", "Benefits Practice Lead", "ceoName"],
  ["pay-transparency-india", "Founding Partner", "ctoName"],
  ["merit-increase-budgets", "Total Rewards Practice Lead", "ctoName"],
] as const;

/** The founding partners' names from the stored general settings, when there are any. */
async function founderNames(
  db: Kysely<unknown>,
): Promise<{ ceoName?: string; ctoName?: string } | undefined> {
  const { rows } = await sql<{ value: string }>`
    select ${sql.ref("value")} from ${sql.table("settings")} where ${sql.ref("id")} = 'general'
  `.execute(db);
  const value = rows[0]?.value;
  if (!value) return undefined;
  try {
    const settings = JSON.parse(value) as { ceoName?: unknown; ctoName?: unknown };
    return {
      ceoName: typeof settings.ceoName === "string" ? settings.ceoName : undefined,
      ctoName: typeof settings.ctoName === "string" ? settings.ctoName : undefined,
    };
  } catch {
    return undefined;
  }
}

export const structuredDataFromRealData: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("careers").addColumn("closingDate", "text").execute();

    const slugs = SEEDED_ARTICLES.map(([slug]) => slug);
    await sql`
      update ${sql.table("articles")}
      set ${sql.ref("updatedAt")} = ${sql.ref("publishedOn")} || 'T00:00:00.000Z'
      where ${sql.ref("updatedAt")} = ${sql.ref("createdAt")}
        and ${sql.ref("slug")} in (${sql.join(slugs)})
    `.execute(db);

    const names = await founderNames(db);
    if (!names) return;
    for (const [slug, byline, writer] of SEEDED_ARTICLES) {
      const name = names[writer]?.trim();
      if (!name) continue;
      await sql`
        update ${sql.table("articles")} set ${sql.ref("author")} = ${name}
        where ${sql.ref("slug")} = ${slug} and ${sql.ref("author")} = ${byline}
      `.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("careers").dropColumn("closingDate").execute();
  },
};
