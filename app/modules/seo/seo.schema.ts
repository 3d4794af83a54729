import { z } from "zod";

/*
 * Issue 29: the search and social fields of a page text, an article, a resource, a service
 * area or a job posting (decision 0059). Every field may be left empty: the page then shows what
 * it drew from its content before. Browser-safe (the admin form counts and previews with it).
 */

export const SEO_KINDS = ["page", "article", "resource", "service", "posting"] as const;
export type SeoKind = (typeof SEO_KINDS)[number];
export const isSeoKind = (value: unknown): value is SeoKind => SEO_KINDS.includes(value as SeoKind);

/** The most the form accepts. */
export const META_TITLE_MAX = 70;
export const META_DESCRIPTION_MAX = 200;
/** About what a search result shows before it cuts the text (Google's snippet, in characters). */
export const PREVIEW_TITLE_CHARS = 60;
export const PREVIEW_DESCRIPTION_CHARS = 160;

/** A path on this site ("/services/equity") or an https address; never a protocol-relative one. */
export function isCanonicalAddress(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && Boolean(url.hostname) && !/\s/.test(value);
  } catch {
    return false;
  }
}

export const seoFieldsSchema = z.object({
  metaTitle: z
    .string()
    .trim()
    .max(META_TITLE_MAX, `Must be at most ${META_TITLE_MAX} characters`)
    .default(""),
  metaDescription: z
    .string()
    .trim()
    .max(META_DESCRIPTION_MAX, `Must be at most ${META_DESCRIPTION_MAX} characters`)
    .default(""),
  imageId: z.string().trim().max(40).default(""),
  canonical: z
    .string()
    .trim()
    .max(500, "Must be at most 500 characters")
    .refine(
      (value) => value === "" || isCanonicalAddress(value),
      "Enter a path on this site (starting with /) or an https:// address",
    )
    .default(""),
});

export type SeoFieldsInput = z.infer<typeof seoFieldsSchema>;

export interface SeoFields {
  metaTitle: string;
  metaDescription: string;
  imageId: string | null;
  canonical: string;
}

export const EMPTY_SEO_FIELDS: SeoFields = {
  metaTitle: "",
  metaDescription: "",
  imageId: null,
  canonical: "",
};

/** A text cut as a search result cuts it: at a word before `max` characters, with "…". */
export function truncateForPreview(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
