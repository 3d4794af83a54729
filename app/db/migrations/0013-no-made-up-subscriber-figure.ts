import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 22 §4: the Resources page's newsletter text said "Join 5,000+ subscribers", a figure no
 * data supported. A stored text that is still the seeded one loses the figure, as a fresh seed
 * now writes it; a text staff changed keeps what staff wrote.
 */

const SEEDED =
  "Join 5,000+ subscribers who receive our monthly insights on compensation trends, regulatory updates and practical reward design ideas. No spam; unsubscribe anytime.";
const WITHOUT_FIGURE =
  "Receive our monthly insights on compensation trends, regulatory updates and practical reward design ideas. No spam; unsubscribe anytime.";

export const noMadeUpSubscriberFigure: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ content: string }>`
      select ${sql.ref("content")} from ${sql.table("pages")} where ${sql.ref("id")} = 'resources'
    `.execute(db);
    const stored = rows[0]?.content;
    if (!stored) return;
    let content: { newsletter?: { description?: unknown } };
    try {
      content = JSON.parse(stored);
    } catch {
      return;
    }
    if (content.newsletter?.description !== SEEDED) return;
    content.newsletter.description = WITHOUT_FIGURE;
    await sql`
      update ${sql.table("pages")} set ${sql.ref("content")} = ${JSON.stringify(content)}
      where ${sql.ref("id")} = 'resources'
    `.execute(db);
    // The stored Resources page shows the new text at the next request (decision 0009).
    await sql`
      update ${sql.table("contentVersion")} set ${sql.ref("version")} = ${sql.ref("version")} + 1
    `.execute(db);
  },
  async down() {
    // Nothing to undo: the figure was never true.
  },
};
