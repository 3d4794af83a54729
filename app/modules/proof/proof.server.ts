import type { DB } from "~/db/client.server";
import { loadImages } from "~/modules/media/media.server";
import type { ImageData } from "~/modules/media/media-image";
import { COLLECTIONS, entryOf } from "./collection-commands.server";
import { listRows } from "./ordered-rows.server";
import {
  type ClientLogoInput,
  type Entry,
  IMAGE_FIELD,
  type ProofInput,
  type ProofKind,
  type ResultFigureInput,
  type TeamMemberInput,
  type TestimonialInput,
} from "./proof.schema";

/* Reads of social proof: every entry for the admin, published ones in order for public pages. */

/** Every entry of a kind, drafts included, in the staff's order. */
export async function listEntries<Input extends ProofInput>(
  db: DB,
  kind: ProofKind,
): Promise<Entry<Input>[]> {
  const rows = await listRows(db, COLLECTIONS[kind].table);
  return rows.map((row) => entryOf<Input>(kind, row));
}

async function published<Input extends ProofInput>(db: DB, kind: ProofKind) {
  const rows = await listRows(db, COLLECTIONS[kind].table, { publishedOnly: true });
  return rows.map((row) => entryOf<Input>(kind, row));
}

/** The published entries with their images (an image deleted since is simply left out). */
async function withImages<Input extends ProofInput>(db: DB, kind: ProofKind) {
  const entries = await published<Input>(db, kind);
  const field = IMAGE_FIELD[kind] as keyof Input;
  const ids = entries.map((entry) => String(entry[field] ?? "")).filter(Boolean);
  const images = ids.length > 0 ? await loadImages(db, ids) : new Map<string, ImageData>();
  return entries.map((entry) => ({
    entry,
    image: images.get(String(entry[field] ?? "")) ?? null,
  }));
}

export interface PublicTestimonial {
  id: string;
  quote: string;
  name: string;
  role: string;
  company: string;
  caseStudyUrl: string;
  photo: ImageData | null;
}
export interface PublicClientLogo {
  id: string;
  name: string;
  url: string;
  logo: ImageData | null;
}
export interface PublicResultFigure {
  id: string;
  figure: string;
  label: string;
  client: string;
}
export interface PublicTeamMember {
  id: string;
  name: string;
  role: string;
  bio: string;
  linkedinUrl: string;
  photo: ImageData | null;
}

/** What the home and services pages show: each list empty when nothing is published. */
export interface PublicProof {
  testimonials: PublicTestimonial[];
  logos: PublicClientLogo[];
  figures: PublicResultFigure[];
}

export async function loadPublicProof(db: DB): Promise<PublicProof> {
  const [testimonials, logos, figures] = await Promise.all([
    withImages<TestimonialInput>(db, "testimonials"),
    withImages<ClientLogoInput>(db, "client-logos"),
    published<ResultFigureInput>(db, "results"),
  ]);
  return {
    testimonials: testimonials.map(
      ({ entry: { id, quote, name, role, company, caseStudyUrl }, image }) => ({
        id,
        quote,
        name,
        role,
        company,
        caseStudyUrl,
        photo: image,
      }),
    ),
    logos: logos.map(({ entry: { id, name, url }, image }) => ({ id, name, url, logo: image })),
    figures: figures.map(({ id, figure, label, client }) => ({ id, figure, label, client })),
  };
}

/** The About page's people, in order. */
export async function listPublicTeam(db: DB): Promise<PublicTeamMember[]> {
  const members = await withImages<TeamMemberInput>(db, "team");
  return members.map(({ entry: { id, name, role, bio, linkedinUrl }, image }) => ({
    id,
    name,
    role,
    bio,
    linkedinUrl,
    photo: image,
  }));
}

export const MISSING_IMAGE_MESSAGE =
  "That image is no longer in the media library: choose another, or none";

/**
 * The field message when the chosen image does not exist (deleted while the form was open, or a
 * made-up id); null when the choice is fine. Checked before the command, with the other fields.
 */
export async function imageChoiceError(
  db: DB,
  kind: ProofKind,
  input: ProofInput,
): Promise<Record<string, string> | null> {
  const field = IMAGE_FIELD[kind];
  const id = field ? String((input as unknown as Record<string, string>)[field] ?? "") : "";
  if (!field || !id) return null;
  const images = await loadImages(db, [id]);
  return images.has(id) ? null : { [field]: MISSING_IMAGE_MESSAGE };
}
