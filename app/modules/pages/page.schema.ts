import { z } from "zod";

/** The page keys of spec section 3; each page document is keyed by one of these. */
export const PAGE_KEYS = ["home", "about", "services", "resources", "contact", "careers"] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** The pages' names, as the admin and its activity log show them. */
export const PAGE_LABELS: Record<PageKey, string> = {
  home: "Home",
  about: "About",
  services: "Services",
  resources: "Resources",
  contact: "Contact",
  careers: "Careers",
};

export const heroSchema = z.object({
  title: z.string().trim().min(1, "Title is required").max(200, "Must be at most 200 characters"),
  subtitle: z.string().trim().max(600, "Must be at most 600 characters"),
});

/** One step of the services page's methodology (spec: step number as string, title, description). */
export const processStepSchema = z.object({
  step: z.string().trim().min(1, "Step number is required").max(4, "Must be at most 4 characters"),
  title: z.string().trim().min(1, "Title is required").max(120, "Must be at most 120 characters"),
  description: z
    .string()
    .trim()
    .min(1, "Description is required")
    .max(600, "Must be at most 600 characters"),
});

/** How many methodology steps the services page may have. */
export const MAX_PROCESS_STEPS = 10;

/**
 * A page document: a hero plus further nested fields. Text fields are editable in the content
 * editor, and so are the services page's process steps; other lists are shown read-only.
 */
export const pageContentSchema = z
  .object({
    hero: heroSchema,
    process: z
      .object({
        title: z.string().trim().min(1).max(200),
        subtitle: z.string().trim().max(600),
        steps: z
          .array(processStepSchema)
          .max(MAX_PROCESS_STEPS, `At most ${MAX_PROCESS_STEPS} steps`),
      })
      .optional(),
  })
  .catchall(z.unknown());

/**
 * One editable text of a page document, as the content editor checks it: required, titles up to
 * 200 characters, subtitles up to 600 (as heroSchema allows), any other text up to 2000.
 */
export function pageTextSchema(name: string, label: string) {
  const max = /subtitle/i.test(name) ? 600 : /title/i.test(name) ? 200 : 2000;
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `Must be at most ${max} characters`);
}

export type Hero = z.infer<typeof heroSchema>;
export type ProcessStep = z.infer<typeof processStepSchema>;
export type PageContent = z.infer<typeof pageContentSchema>;
