import { fileTypeFromBuffer } from "file-type";
import { MEDIA_FILE_MAX_BYTES } from "./media.schema";
import { type MediaKind, VARIANT_WIDTHS, type VariantFormat } from "./media-image";
import { checkSvg } from "./media-svg.server";

/*
 * An uploaded image, checked and prepared before anything is stored
 * (docs/decisions/0027-media-library.md). Its kind is told by its content (file-type reads the
 * signature; an SVG must parse as XML with an <svg> root), never by the name or type the browser
 * sent. A raster image is decoded by sharp with a pixel limit (a small file that unpacks to
 * gigapixels is refused before it is decoded), turned upright from its EXIF orientation, and
 * drawn again as AVIF and WebP at each width of VARIANT_WIDTHS it reaches; the variants carry no
 * metadata (no camera, no location). That work takes the CPU for a second or two, so it runs
 * here, before the command opens its transaction.
 */

/** What the form's file field held, as the request reader found it (plain data, no request). */
export type MediaFileField =
  | { state: "file"; bytes: Uint8Array; clientName: string }
  | { state: "missing" | "empty" | "too_large" };

/** Past this many pixels an image is refused unread: 50 megapixels (8660 × 5773, say). */
export const MEDIA_MAX_PIXELS = 50_000_000;

export const MEDIA_FILE_MESSAGES = {
  missing: "Choose an image to upload: a JPEG, PNG, WebP or SVG file.",
  wrongKind: "Upload a JPEG, PNG, WebP or SVG image: this file is not one.",
  tooLarge: `The image is larger than ${MEDIA_FILE_MAX_BYTES / (1024 * 1024)} MB. Make it smaller and upload it again.`,
  empty: "The file is empty. Upload a JPEG, PNG, WebP or SVG image.",
  damaged: "The image could not be read: it may be damaged. Export it again and upload it.",
  tooManyPixels: `The image has more than ${MEDIA_MAX_PIXELS / 1_000_000} megapixels. Make it smaller and upload it again.`,
  svgNoSize: "The SVG has no size: give its <svg> element a viewBox, or a width and a height.",
  chooseAgain: "Choose the image again: a file is not kept when the form has errors.",
} as const;

export interface PreparedVariant {
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

/** An image that passed the checks, with its variants made, ready to store. */
export interface PreparedImage {
  kind: MediaKind;
  width: number;
  height: number;
  /** The file kept as the original: the upload for a raster image, the sanitised SVG. */
  original: { bytes: Uint8Array; contentType: string; extension: string };
  variants: PreparedVariant[];
}

const RASTER_KINDS: Record<string, { kind: MediaKind; contentType: string; extension: string }> = {
  jpg: { kind: "jpeg", contentType: "image/jpeg", extension: "jpg" },
  png: { kind: "png", contentType: "image/png", extension: "png" },
  webp: { kind: "webp", contentType: "image/webp", extension: "webp" },
};

/**
 * Modest encoder settings: a 4000 px photo's ten variants take about two seconds on two cores,
 * at sizes close to what the slowest settings give.
 */
const ENCODERS = {
  avif: { quality: 55, effort: 2 },
  webp: { quality: 78, effort: 3 },
} as const;

/**
 * The widths to make for an image `width` wide: each standard width it reaches, and its own width
 * too when that lies between two (an 800 px image drawn 800 px wide stays sharp instead of being
 * stretched from the 640 px variant). Never wider than the largest standard width.
 */
export function variantWidths(width: number): number[] {
  const largest = Math.max(...VARIANT_WIDTHS);
  const widths: number[] = VARIANT_WIDTHS.filter((candidate) => candidate <= width);
  if (width < largest && !widths.includes(width)) widths.push(width);
  return widths;
}

/** A file whose kind is known (and an SVG already sanitised); variants not made yet. */
export type IdentifiedMedia =
  | { kind: "raster"; bytes: Uint8Array; raster: RasterKind; width: number; height: number }
  | { kind: "svg"; image: PreparedImage };

type RasterKind = (typeof RASTER_KINDS)[string];

// "error": a truncated or damaged file is refused rather than stored half grey.
const SHARP_OPTIONS = {
  failOn: "error",
  limitInputPixels: MEDIA_MAX_PIXELS,
  autoOrient: true,
} as const;

/**
 * What the file is, or the field's message: quick (the signature, a raster image's header, an
 * SVG's parse and sanitising), so a form with other mistakes still says what is wrong with it.
 */
export async function identifyMediaFile(
  field: MediaFileField,
): Promise<{ file: IdentifiedMedia; error?: undefined } | { file?: undefined; error: string }> {
  if (field.state !== "file") {
    if (field.state === "too_large") return { error: MEDIA_FILE_MESSAGES.tooLarge };
    if (field.state === "empty") return { error: MEDIA_FILE_MESSAGES.empty };
    return { error: MEDIA_FILE_MESSAGES.missing };
  }
  const detected = await fileTypeFromBuffer(field.bytes);
  const raster = detected ? RASTER_KINDS[detected.ext] : undefined;
  if (raster) {
    // Loaded on first use: a server that never sees an upload never loads libvips.
    const { default: sharp } = await import("sharp");
    try {
      const meta = await sharp(field.bytes, SHARP_OPTIONS).metadata();
      const width = meta.autoOrient?.width ?? meta.width ?? 0;
      const height = meta.autoOrient?.height ?? meta.height ?? 0;
      if (width * height > MEDIA_MAX_PIXELS) return { error: MEDIA_FILE_MESSAGES.tooManyPixels };
      if (width < 1 || height < 1) return { error: MEDIA_FILE_MESSAGES.damaged };
      return { file: { kind: "raster", bytes: field.bytes, raster, width, height } };
    } catch {
      return { error: MEDIA_FILE_MESSAGES.damaged };
    }
  }
  // file-type knows no SVG (at most "xml"): anything else unknown may still be one.
  if (detected && detected.ext !== "xml") return { error: MEDIA_FILE_MESSAGES.wrongKind };
  const svg = await checkSvg(field.bytes);
  if (!svg.ok) {
    return {
      error:
        svg.reason === "no_size" ? MEDIA_FILE_MESSAGES.svgNoSize : MEDIA_FILE_MESSAGES.wrongKind,
    };
  }
  const image: PreparedImage = {
    kind: "svg",
    width: svg.width,
    height: svg.height,
    original: { bytes: svg.bytes, contentType: "image/svg+xml", extension: "svg" },
    variants: [],
  };
  return { file: { kind: "svg", image } };
}

/** The image ready to store, its variants made; or the message when decoding it fails. */
export async function prepareMediaFile(
  file: IdentifiedMedia,
): Promise<{ image: PreparedImage; error?: undefined } | { image?: undefined; error: string }> {
  if (file.kind === "svg") return { image: file.image };
  return prepareRaster(file);
}

async function prepareRaster({
  bytes,
  raster,
  width,
  height,
}: Extract<IdentifiedMedia, { kind: "raster" }>): Promise<
  { image: PreparedImage } | { error: string }
> {
  const { default: sharp } = await import("sharp");
  const options = SHARP_OPTIONS;
  const widths = variantWidths(width);
  const largest = Math.max(...widths);
  try {
    // Decoded once, at the largest width needed; every variant is drawn from these pixels.
    const { data, info } = await sharp(bytes, options)
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const variants: PreparedVariant[] = [];
    for (const variantWidth of widths) {
      for (const format of ["avif", "webp"] as const) {
        let pipeline = sharp(data, pixels);
        if (variantWidth !== info.width) pipeline = pipeline.resize({ width: variantWidth });
        pipeline = format === "avif" ? pipeline.avif(ENCODERS.avif) : pipeline.webp(ENCODERS.webp);
        const out = await pipeline.toBuffer({ resolveWithObject: true });
        variants.push({
          format,
          width: out.info.width,
          height: out.info.height,
          bytes: out.data,
        });
      }
    }
    return {
      image: {
        kind: raster.kind,
        width,
        height,
        original: { bytes, contentType: raster.contentType, extension: raster.extension },
        variants,
      },
    };
  } catch {
    return { error: MEDIA_FILE_MESSAGES.damaged };
  }
}
