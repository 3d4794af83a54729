import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { PAGE_LABELS, type PageContent, type PageKey } from "./page.schema";
import { savePage } from "./pages.server";

/**
 * Saves a page's texts (already validated) from the content editor. Page texts are what the
 * public pages show, so the save raises the public content version with its audit entry.
 */
export function updatePageContent(
  db: DB,
  actor: Actor,
  { page, content }: { page: PageKey; content: PageContent },
): Promise<void> {
  return runCommand(db, actor, async (trx) => {
    await savePage(trx, page, content);
    return {
      result: undefined,
      audit: {
        action: "update",
        entityType: "page",
        entityId: page,
        summary: `Updated the ${PAGE_LABELS[page]} page content`,
      },
      publicChange: true,
    };
  });
}
