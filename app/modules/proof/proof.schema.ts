import { z } from "zod";

/*
 * Social proof staff manage (issue 14): testimonials, client logos, results figures and team
 * members. Each kind is an ordered, publishable collection (collection-commands.server.ts); this
 * file is its one form schema per kind, read by the admin form (required marks, limits) and by
 * the action (messages). Browser-safe: the admin views import it.
 */

/** The four kinds, as they appear in the admin's addresses (/admin/social-proof/<kind>). */
export const PROOF_KINDS = ["testimonials", "client-logos", "results", "team"] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

export const isProofKind = (value: unknown): value is ProofKind =>
  PROOF_KINDS.includes(value as ProofKind);

/** Only published entries reach the public pages; drafts wait in the admin. */
export const PROOF_STATUSES = ["published", "draft"] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];
export const PROOF_STATUS_LABELS: Record<ProofStatus, string> = {
  published: "Published",
  draft: "Draft (hidden from the site)",
};

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredText = (label: string, max: number) => text(max).min(1, `${label} is required`);

/** A media-library image's id, or "" for none (the picker's "No image"). */
const imageId = text(100).default("");

const WEB_ADDRESS_MESSAGE = "Enter a full web address starting with https://, or leave it empty";
/** Optional, and only web addresses: a javascript: link would run on a public page. */
const optionalWebAddress = text(300)
  .pipe(
    z.union([
      z.literal(""),
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: WEB_ADDRESS_MESSAGE }),
    ]),
  )
  .default("");

const LINKEDIN_MESSAGE =
  "Enter a LinkedIn address such as https://www.linkedin.com/in/name, or leave it empty";
/** The link is read out as "<name> on LinkedIn", so it must lead to LinkedIn. */
const linkedinAddress = text(300)
  .pipe(
    z.union([
      z.literal(""),
      z.url({
        protocol: /^https?$/,
        hostname: /^([a-z0-9-]+\.)*linkedin\.com$/i,
        error: LINKEDIN_MESSAGE,
      }),
    ]),
  )
  .default("");

const status = z.enum(PROOF_STATUSES, "Choose published or draft").default("published");

export const testimonialSchema = z.object({
  quote: requiredText("Quote", 600),
  name: requiredText("Name", 80),
  role: requiredText("Role", 80),
  company: requiredText("Company", 120),
  photoId: imageId,
  caseStudyUrl: optionalWebAddress,
  status,
});

export const clientLogoSchema = z.object({
  name: requiredText("Client name", 80),
  logoId: imageId,
  url: optionalWebAddress,
  status,
});

export const resultFigureSchema = z.object({
  // Short on purpose: it is set large ("40%", "₹2.4 Cr", "3x").
  figure: requiredText("Figure", 16),
  label: requiredText("Label", 120),
  client: requiredText("Client or industry", 80),
  status,
});

export const teamMemberSchema = z.object({
  name: requiredText("Name", 80),
  role: requiredText("Role", 120),
  bio: requiredText("Short bio", 600),
  photoId: imageId,
  linkedinUrl: linkedinAddress,
  status,
});

export const PROOF_SCHEMAS = {
  testimonials: testimonialSchema,
  "client-logos": clientLogoSchema,
  results: resultFigureSchema,
  team: teamMemberSchema,
} as const;

export type TestimonialInput = z.output<typeof testimonialSchema>;
export type ClientLogoInput = z.output<typeof clientLogoSchema>;
export type ResultFigureInput = z.output<typeof resultFigureSchema>;
export type TeamMemberInput = z.output<typeof teamMemberSchema>;
export type ProofInput = TestimonialInput | ClientLogoInput | ResultFigureInput | TeamMemberInput;

/** Which field of a kind names an image from the media library (none for figures). */
export const IMAGE_FIELD: Record<ProofKind, string | null> = {
  testimonials: "photoId",
  "client-logos": "logoId",
  results: null,
  team: "photoId",
};

/** A stored entry: its fields as the form has them (an image as its id or "") and its place. */
export type Entry<Input extends ProofInput = ProofInput> = Input & { id: string; position: number };
