import { z } from "zod";
import { slugify } from "~/lib/slug";

/*
 * The one schema of the article form (admin: new and edit), shared by the form (limits, required
 * marks) and the action (messages). Status is not a field: publishing is its own command.
 *
 * Slugs: left blank, the slug is made from the title when the article is created (and made
 * unique with -2, -3...). After that the title never moves it: the public address of a published
 * article stays stable. Staff may still change it deliberately in the form; an edited slug
 * that another article has is refused with a message.
 */

export const ARTICLE_SLUG_MAX = 80;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Addresses the admin uses itself (/admin/insights/new). */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["new"]);

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredText = (label: string, max: number) => text(max).min(1, `${label} is required`);

/** A calendar date as YYYY-MM-DD (what `<input type="date">` sends) that exists. */
const isoDate = z
  .string()
  .trim()
  .min(1, { error: "Date is required", abort: true })
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "Enter a real date as YYYY-MM-DD (e.g. 2026-11-23)");

export const articleInputSchema = z.object({
  title: text(160)
    .min(1, { error: "Title is required", abort: true })
    .refine((title) => slugify(title) !== "", "Title must contain letters or digits (A-Z, 0-9)."),
  slug: text(ARTICLE_SLUG_MAX)
    .toLowerCase()
    .refine(
      (slug) => slug === "" || SLUG_PATTERN.test(slug),
      "Use lower-case letters, digits and single hyphens only (e.g. pay-transparency-india)",
    )
    .refine((slug) => !RESERVED_SLUGS.has(slug), "This slug is reserved: choose another")
    .default(""),
  category: requiredText("Category", 80),
  author: requiredText("Author", 120),
  publishedOn: isoDate,
  summary: requiredText("Summary", 400),
  body: requiredText("Body", 60_000),
  // Issue 14: the article's picture from the media library ("" none).
  imageId: text(40).default(""),
});

/** What the article form sends. */
export type ArticleFormInput = z.input<typeof articleInputSchema>;
/** A validated article as the commands take it ("" slug: make one from the title). */
export type ArticleInput = z.output<typeof articleInputSchema>;

/** The slug an article gets when none was typed (before making it unique). */
export function articleSlugOf(input: Pick<ArticleInput, "slug" | "title">): string {
  if (input.slug) return input.slug;
  const slug = slugify(input.title).slice(0, ARTICLE_SLUG_MAX).replace(/-+$/, "");
  return slug;
}
