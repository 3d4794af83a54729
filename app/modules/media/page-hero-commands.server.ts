import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { HERO_PAGE_LABELS, type HeroPageKey } from "~/modules/pages/page-heroes";
import type { MediaKind } from "./media-image";

/*
 * Choosing a public page's hero picture (issue 14, extended to every public page by issue 24):
 * a staff write through runCommand that raises the content version, so the page cache serves
 * the new hero at once. No row means the page shows its own drawing.
 */

/** What a hero may show: every kind the library stores is a picture, and nothing else is. */
const IMAGE_KINDS: readonly string[] = ["jpeg", "png", "webp", "svg"] satisfies MediaKind[];

export type PageHeroOutcome = "set" | "cleared" | "unchanged" | "unknown_image";

/** Sets (or, with null, clears) the hero image of a public page. */
export function setPageHeroImage(
  db: DB,
  actor: Actor,
  { page, mediaId }: { page: HeroPageKey; mediaId: string | null },
): Promise<PageHeroOutcome> {
  return runCommand(db, actor, async (trx) => {
    const before = await trx
      .selectFrom("pageHeroImages")
      .select("mediaId")
      .where("pageId", "=", page)
      .executeTakeFirst();
    if ((before?.mediaId ?? null) === mediaId) return { result: "unchanged" as const };
    const label = HERO_PAGE_LABELS[page];
    if (mediaId === null) {
      await trx.deleteFrom("pageHeroImages").where("pageId", "=", page).execute();
      return {
        result: "cleared" as const,
        audit: {
          action: "update",
          entityType: "page",
          entityId: page,
          summary: `Removed the hero image of the ${label} page`,
        },
        publicChange: true,
      };
    }
    // Checked in the transaction: an image deleted since the form was shown is refused.
    const image = await trx
      .selectFrom("mediaAssets")
      .select("kind")
      .where("id", "=", mediaId)
      .executeTakeFirst();
    if (!image || !IMAGE_KINDS.includes(image.kind)) return { result: "unknown_image" as const };
    const updatedAt = nowIso();
    if (before) {
      await trx
        .updateTable("pageHeroImages")
        .set({ mediaId, updatedAt })
        .where("pageId", "=", page)
        .execute();
    } else {
      await trx.insertInto("pageHeroImages").values({ pageId: page, mediaId, updatedAt }).execute();
    }
    return {
      result: "set" as const,
      audit: {
        action: "update",
        entityType: "page",
        entityId: page,
        summary: `Set the hero image of the ${label} page`,
      },
      publicChange: true,
    };
  });
}
