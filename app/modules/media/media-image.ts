/*
 * An image from the media library as a page renders it (browser-safe: no server code here).
 * The server makes the variants on upload (media.server.ts); every variant and the original have
 * a URL under /media/ that never changes meaning, so they are served with immutable caching.
 */

export type MediaKind = "jpeg" | "png" | "webp" | "svg";
export type VariantFormat = "avif" | "webp";

/** The widths variants are made at (never wider than the original). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export interface ImageVariant {
  format: VariantFormat;
  width: number;
  height: number;
  url: string;
}

export interface ImageData {
  id: string;
  alt: string;
  kind: MediaKind;
  width: number;
  height: number;
  /** Focal point in per cent (null: the centre), used as the CSS object-position. */
  focalX: number | null;
  focalY: number | null;
  /** The fallback `src`: the largest WebP variant, or the sanitised SVG. */
  src: string;
  variants: ImageVariant[];
}

/** Where a variant is served: `/media/<id>/<width>.<format>`. */
export const variantUrl = (id: string, width: number, format: VariantFormat) =>
  `/media/${id}/${width}.${format}`;

/** Where an SVG (sanitised on upload) is served. */
export const svgUrl = (id: string) => `/media/${id}/image.svg`;

/** CSS object-position for the focal point ("50% 50%" when none is set). */
export const objectPosition = (image: Pick<ImageData, "focalX" | "focalY">) =>
  `${image.focalX ?? 50}% ${image.focalY ?? 50}%`;
