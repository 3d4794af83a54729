import type { DB } from "~/db/client.server";
import { runCommand, SYSTEM_ACTOR } from "./commands/command.server";
import { insertDefaultArticles } from "./library/article-store.server";
import { markSeededSamples } from "./library/library-samples.server";
import { insertDefaultResources } from "./library/resource-seed.server";
import { insertDefaultPages } from "./pages/pages.server";
import { insertDefaultTeamMembers } from "./proof/team-seed.server";
import { insertDefaultServices } from "./services/services.server";
import { insertDefaultSettings } from "./settings/settings.server";

async function isEmpty(db: DB, table: "services" | "pages" | "settings"): Promise<boolean> {
  const row = await db.selectFrom(table).select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Seeds the default content (spec section 4): the six services, the six pages and the general
 * settings, each only when its table is empty, in one transaction that also raises the public
 * content version when it filled anything. Running it again changes nothing; two processes
 * running it together insert each row once (conflicts are ignored). Each module keeps its
 * defaults beside it (`<module>.defaults.ts`) and inserts them; the seed only composes them.
 */
export async function seedDefaults(
  db: DB,
): Promise<{ services: boolean; pages: boolean; settings: boolean }> {
  return runCommand(db, SYSTEM_ACTOR, async (trx) => {
    const seeded = {
      services: await isEmpty(trx, "services"),
      pages: await isEmpty(trx, "pages"),
      settings: await isEmpty(trx, "settings"),
    };
    if (seeded.services) await insertDefaultServices(trx);
    if (seeded.pages) await insertDefaultPages(trx);
    if (seeded.settings) await insertDefaultSettings(trx);
    // Library resources with their generated files (after the settings: a PDF names the firm).
    const resourcesSeeded = await insertDefaultResources(trx);
    // Library articles (insights), published, when the articles table is empty.
    const articlesSeeded = await insertDefaultArticles(trx);
    // Both are samples until staff review them (issue 24: the launch checklist, the "Sample" badge).
    await markSeededSamples(trx, { articles: articlesSeeded, resources: resourcesSeeded });
    // The About page's leaders as team members (after the settings: they name them).
    const teamSeeded = await insertDefaultTeamMembers(trx);
    // Nobody acted, so no audit entry; but filled tables are new public output.
    return {
      result: seeded,
      publicChange:
        Object.values(seeded).some(Boolean) || resourcesSeeded || articlesSeeded || teamSeeded,
    };
  });
}
