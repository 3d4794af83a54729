import type { DB } from "~/db/client.server";
import { HERO_PAGE_LABELS, isHeroPageKey } from "~/modules/pages/page-heroes";

/*
 * Where an image is used: every column that names a media image. Deleting an image is refused
 * while any of them names it (docs/decisions/0027-media-library.md), and an edit of its alt text
 * changes public pages only when it is used.
 */

export interface MediaUse {
  /** What uses it, as staff read it: "Service area", "Page hero", … */
  area: string;
  /** Which one: the service's title, the page's name, … */
  name: string;
}

const pageName = (pageId: string) => (isHeroPageKey(pageId) ? HERO_PAGE_LABELS[pageId] : pageId);

/** Every place that shows the image `id`, in a fixed order (none: an empty list). */
export async function findMediaUsage(db: DB, id: string): Promise<MediaUse[]> {
  // One after another: inside a command's transaction the queries share one connection.
  const heroes = await db
    .selectFrom("pageHeroImages")
    .select("pageId")
    .where("mediaId", "=", id)
    .execute();
  const services = await db
    .selectFrom("services")
    .select("title")
    .where("imageId", "=", id)
    .execute();
  const articles = await db
    .selectFrom("articles")
    .select("title")
    .where("imageId", "=", id)
    .execute();
  const testimonials = await db
    .selectFrom("testimonials")
    .select("name")
    .where("photoId", "=", id)
    .execute();
  const logos = await db
    .selectFrom("clientLogos")
    .select("name")
    .where("logoId", "=", id)
    .execute();
  const team = await db
    .selectFrom("teamMembers")
    .select("name")
    .where("photoId", "=", id)
    .execute();
  const social = await db
    .selectFrom("seoFields")
    .select(["subjectKind", "subjectKey"])
    .where("imageId", "=", id)
    .execute();
  return [
    ...heroes.map((row) => ({ area: "Page hero", name: pageName(row.pageId) })),
    ...services.map((row) => ({ area: "Service area", name: row.title })),
    ...articles.map((row) => ({ area: "Article", name: row.title })),
    ...testimonials.map((row) => ({ area: "Testimonial", name: row.name })),
    ...logos.map((row) => ({ area: "Client logo", name: row.name })),
    ...team.map((row) => ({ area: "Team member", name: row.name })),
    // Issue 29: a page's social image (search and social fields).
    ...social.map((row) => ({
      area: "Social image",
      name: `${row.subjectKind} ${row.subjectKey}`,
    })),
  ];
}

/** "Service area “Executive Compensation”, Page hero “Home”" for a refusal message. */
export const describeUses = (uses: readonly MediaUse[]) =>
  uses.map((use) => `${use.area} “${use.name}”`).join(", ");
