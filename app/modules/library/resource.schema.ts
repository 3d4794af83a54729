import { z } from "zod";
import { slugify } from "~/lib/slug";
import { RESOURCE_TYPES, type ResourceType } from "./resource-types";

/*
 * The staff's resource form: one schema for the form (required marks, lengths) and the action
 * (messages per field). The file is not a field of it: it arrives as an upload and is checked by
 * its content (resource-upload.server.ts).
 */

export const RESOURCE_SLUG_MAX_LENGTH = 80;
/** Paths under /admin/resources that are pages of their own, so never a resource's slug. */
export const RESERVED_RESOURCE_SLUGS: readonly string[] = ["new"];
export const PAGE_COUNT_MAX = 2000;

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredText = (label: string, max: number) => text(max).min(1, `${label} is required`);

const PAGE_COUNT_MESSAGE = `Page count must be a whole number from 1 to ${PAGE_COUNT_MAX}.`;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Case studies only: each is required for a case study and ignored for any other type. */
export const CASE_STUDY_FIELDS = [
  "company",
  "industry",
  "challenge",
  "solution",
  "results",
] as const;
const CASE_STUDY_LABELS: Record<(typeof CASE_STUDY_FIELDS)[number], string> = {
  company: "Company",
  industry: "Industry",
  challenge: "Challenge",
  solution: "Solution",
  results: "Results",
};

export const resourceInputSchema = z
  .object({
    type: z.enum(RESOURCE_TYPES, "Choose a resource type"),
    title: requiredText("Title", 160),
    // Optional: left empty, it is made from the title. It is the public address of the resource's
    // request page, so it stays as it is once the resource is published.
    slug: text(RESOURCE_SLUG_MAX_LENGTH)
      .refine(
        (slug) => slug === "" || SLUG_PATTERN.test(slug),
        "Use lower-case letters, digits and single hyphens, e.g. esop-design-playbook.",
      )
      .refine((slug) => !RESERVED_RESOURCE_SLUGS.includes(slug), "This slug is reserved.")
      .default(""),
    summary: requiredText("Summary", 600),
    category: requiredText("Category", 80),
    pageCount: z
      .string()
      .trim()
      .min(1, "Page count is required")
      .regex(/^\d{1,5}$/, PAGE_COUNT_MESSAGE)
      .transform(Number)
      .refine((count) => count >= 1 && count <= PAGE_COUNT_MAX, PAGE_COUNT_MESSAGE),
    company: text(120).default(""),
    industry: text(80).default(""),
    challenge: text(1000).default(""),
    solution: text(1000).default(""),
    // One result per line, shown as a list on the case study's card.
    results: text(1500).default(""),
  })
  .superRefine(
    (input, ctx) => {
      // Runs even when other fields failed (`when` below), so every missing field is named at once.
      const raw = input as Record<string, unknown>;
      if (raw.type === "case-study") {
        for (const name of CASE_STUDY_FIELDS) {
          const value = raw[name];
          if (typeof value !== "string" || value.trim() === "") {
            ctx.addIssue({
              code: "custom",
              path: [name],
              message: `${CASE_STUDY_LABELS[name]} is required for a case study`,
            });
          }
        }
      }
      const title = typeof raw.title === "string" ? raw.title : "";
      if (raw.slug === "" && title.trim() !== "" && slugify(title) === "") {
        ctx.addIssue({
          code: "custom",
          path: ["title"],
          message: "Title must contain letters or digits (A-Z, 0-9), or give a slug.",
        });
      }
    },
    {
      when: (payload) => typeof payload.value === "object" && payload.value !== null,
    },
  );

/** What the form sends (strings, as typed). */
export type ResourceFormInput = z.input<typeof resourceInputSchema>;
/** A validated resource as the commands take it. */
export type ResourceInput = z.output<typeof resourceInputSchema>;

/** The stored fields of the input: the case-study fields are kept only for a case study. */
export function resourceFields(input: ResourceInput) {
  const caseStudy = input.type === "case-study";
  return {
    type: input.type as ResourceType,
    title: input.title,
    summary: input.summary,
    category: input.category,
    pageCount: input.pageCount,
    company: caseStudy ? input.company : "",
    industry: caseStudy ? input.industry : "",
    challenge: caseStudy ? input.challenge : "",
    solution: caseStudy ? input.solution : "",
    results: caseStudy ? input.results : "",
  };
}

/** A case study's results, one a line, blank lines dropped. */
export const resultLines = (results: string) =>
  results
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/** The slug a title gives: slugify, cut at a hyphen to the longest a slug may be. */
export function slugFromTitle(title: string): string {
  const slug = slugify(title);
  if (slug.length <= RESOURCE_SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, RESOURCE_SLUG_MAX_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return lastHyphen > 20
    ? cut.slice(0, lastHyphen)
    : cut.slice(0, RESOURCE_SLUG_MAX_LENGTH).replace(/-+$/, "");
}
