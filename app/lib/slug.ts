/*
 * URL slugs from titles: postings, articles and resources name their pages with them, and the
 * CV's file name is built from the candidate's name the same way.
 */

/**
 * The URL id of a title: lower-cased, accents dropped, spaces to hyphens, any other character
 * that is not a letter or digit removed, repeated hyphens collapsed and trimmed.
 * "Senior Analyst (Rewards) – Delhi" → "senior-analyst-rewards-delhi".
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}
