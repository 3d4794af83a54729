import type { IsoTime } from "./columns";

/* Issue 14: the media library and the social proof staff manage (migration 0010). */

export interface MediaAssetsTable {
  id: string;
  /** jpeg, png, webp or svg, told by the content. */
  kind: string;
  originalName: string;
  alt: string;
  /** Focal point, per cent of width and height; null is the centre. */
  focalX: number | null;
  focalY: number | null;
  width: number;
  height: number;
  /** The original (SVG: sanitised) in storedFiles. */
  fileId: string;
  byteSize: number;
  createdBy: string | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface MediaVariantsTable {
  mediaId: string;
  /** avif or webp. */
  format: string;
  width: number;
  height: number;
  fileId: string;
  byteSize: number;
}

/** The hero image a public page shows (pages without a row show their illustration). */
export interface PageHeroImagesTable {
  pageId: string;
  mediaId: string;
  updatedAt: IsoTime;
}

/** Social proof rows: `draft` or `published`, shown in `position` order. */
export interface TestimonialsTable {
  id: string;
  quote: string;
  name: string;
  role: string;
  company: string;
  photoId: string | null;
  /** Optional link to a case study ("" when none). */
  caseStudyUrl: string;
  position: number;
  status: string;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface ClientLogosTable {
  id: string;
  name: string;
  logoId: string | null;
  url: string;
  position: number;
  status: string;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface ResultFiguresTable {
  id: string;
  figure: string;
  label: string;
  client: string;
  position: number;
  status: string;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface TeamMembersTable {
  id: string;
  name: string;
  role: string;
  bio: string;
  photoId: string | null;
  linkedinUrl: string;
  position: number;
  status: string;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}
