import type { DB } from "~/db/client.server";
import { clampPageSize, type Page, placePage } from "~/db/paging";
import type { MediaChoice } from "./media-choice";
import {
  type ImageData,
  type ImageVariant,
  type MediaKind,
  svgUrl,
  type VariantFormat,
  variantUrl,
} from "./media-image";

/*
 * Reading the media library (docs/decisions/0027-media-library.md): the admin's list and detail,
 * the pickers' choices, and the images public pages render (loadImages: one query for the
 * images, one for their variants, whatever the number of images on the page). The commands are
 * in media-commands.server.ts, the upload checks in media-upload.server.ts.
 */

export type { MediaChoice } from "./media-choice";
export { deleteMedia, updateMediaDetails, uploadMedia } from "./media-commands.server";
export { findMediaUsage, type MediaUse } from "./media-usage.server";
export { setPageHeroImage } from "./page-hero-commands.server";

export interface MediaAsset {
  id: string;
  kind: MediaKind;
  originalName: string;
  alt: string;
  focalX: number | null;
  focalY: number | null;
  width: number;
  height: number;
  byteSize: number;
  createdAt: string;
  updatedAt: string;
}

export interface MediaVariantInfo extends ImageVariant {
  byteSize: number;
}

/** An asset as the admin's grid shows it. */
export interface MediaListItem extends MediaAsset {
  thumbUrl: string;
}

type AssetRow = {
  id: string;
  kind: string;
  originalName: string;
  alt: string;
  focalX: number | null;
  focalY: number | null;
  width: number;
  height: number;
  byteSize: number;
  createdAt: string;
  updatedAt: string;
};
type VariantRow = {
  mediaId: string;
  format: string;
  width: number;
  height: number;
  byteSize: number;
};

const ASSET_COLUMNS = [
  "id",
  "kind",
  "originalName",
  "alt",
  "focalX",
  "focalY",
  "width",
  "height",
  "byteSize",
  "createdAt",
  "updatedAt",
] as const;

const assetFromRow = (row: AssetRow): MediaAsset => ({
  ...row,
  kind: row.kind as MediaKind,
  focalX: row.focalX === null ? null : Number(row.focalX),
  focalY: row.focalY === null ? null : Number(row.focalY),
  width: Number(row.width),
  height: Number(row.height),
  byteSize: Number(row.byteSize),
});

const variantFromRow = (row: VariantRow): MediaVariantInfo => {
  const format = row.format as VariantFormat;
  const width = Number(row.width);
  return {
    format,
    width,
    height: Number(row.height),
    url: variantUrl(row.mediaId, width, format),
    byteSize: Number(row.byteSize),
  };
};

/** Variants by image, narrowest first (the order srcset lists them). */
async function variantsOf(db: DB, ids: string[]): Promise<Map<string, MediaVariantInfo[]>> {
  const byImage = new Map<string, MediaVariantInfo[]>();
  if (ids.length === 0) return byImage;
  const rows = await db
    .selectFrom("mediaVariants")
    .select(["mediaId", "format", "width", "height", "byteSize"])
    .where("mediaId", "in", ids)
    .orderBy("mediaId")
    .orderBy("width")
    .orderBy("format")
    .execute();
  for (const row of rows) {
    const list = byImage.get(row.mediaId) ?? [];
    list.push(variantFromRow(row));
    byImage.set(row.mediaId, list);
  }
  return byImage;
}

/** The fallback source: the widest WebP variant (every browser that lacks AVIF has WebP). */
function fallbackUrl(asset: Pick<MediaAsset, "id" | "kind">, variants: ImageVariant[]): string {
  if (asset.kind === "svg") return svgUrl(asset.id);
  const webp = variants.filter((variant) => variant.format === "webp");
  return webp.at(-1)?.url ?? variants.at(-1)?.url ?? svgUrl(asset.id);
}

/** A small rendition for admin thumbnails: the narrowest WebP, or the SVG itself. */
function thumbnailUrl(asset: Pick<MediaAsset, "id" | "kind">, variants: ImageVariant[]): string {
  if (asset.kind === "svg") return svgUrl(asset.id);
  return variants.find((variant) => variant.format === "webp")?.url ?? fallbackUrl(asset, variants);
}

const imageData = (asset: MediaAsset, variants: MediaVariantInfo[]): ImageData => ({
  id: asset.id,
  alt: asset.alt,
  kind: asset.kind,
  width: asset.width,
  height: asset.height,
  focalX: asset.focalX,
  focalY: asset.focalY,
  src: fallbackUrl(asset, variants),
  variants: variants.map(({ format, width, height, url }) => ({ format, width, height, url })),
});

/**
 * The images a public page shows, by id (ids that are null or name no image are left out, so a
 * deleted image simply is not drawn). Two queries whatever the number of ids.
 */
export async function loadImages(
  db: DB,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, ImageData>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const images = new Map<string, ImageData>();
  if (wanted.length === 0) return images;
  const rows = await db
    .selectFrom("mediaAssets")
    .select(ASSET_COLUMNS)
    .where("id", "in", wanted)
    .execute();
  const variants = await variantsOf(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    images.set(row.id, imageData(assetFromRow(row), variants.get(row.id) ?? []));
  }
  return images;
}

/** One image for a page, or undefined (none chosen, or deleted since). */
export async function loadImage(
  db: DB,
  id: string | null | undefined,
): Promise<ImageData | undefined> {
  return id ? (await loadImages(db, [id])).get(id) : undefined;
}

/** Every image as the admin's pickers offer it, newest first. */
export async function listMediaChoices(db: DB): Promise<MediaChoice[]> {
  const rows = await db
    .selectFrom("mediaAssets")
    .select(ASSET_COLUMNS)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const variants = await variantsOf(
    db,
    rows.filter((row) => row.kind !== "svg").map((row) => row.id),
  );
  return rows.map((row) => {
    const asset = assetFromRow(row);
    return {
      id: asset.id,
      alt: asset.alt,
      thumbUrl: thumbnailUrl(asset, variants.get(asset.id) ?? []),
      width: asset.width,
      height: asset.height,
    };
  });
}

export const MEDIA_PAGE_SIZE = { defaultSize: 24, max: 96 };

/** The admin's grid: newest first, a page at a time. */
export async function listMediaForAdmin(
  db: DB,
  query: { page?: number; pageSize?: number } = {},
): Promise<Page<MediaListItem>> {
  const pageSize = clampPageSize(query.pageSize, MEDIA_PAGE_SIZE);
  const counted = await db
    .selectFrom("mediaAssets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const { page, pageCount, offset } = placePage(total, pageSize, query.page);
  const rows = await db
    .selectFrom("mediaAssets")
    .select(ASSET_COLUMNS)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset(offset)
    .execute();
  const variants = await variantsOf(
    db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => {
    const asset = assetFromRow(row);
    return { ...asset, thumbUrl: thumbnailUrl(asset, variants.get(asset.id) ?? []) };
  });
  return { items, total, page, pageSize, pageCount };
}

/** One image with its variants, as its admin page shows it. */
export async function getMediaForAdmin(
  db: DB,
  id: string,
): Promise<(MediaAsset & { image: ImageData; variants: MediaVariantInfo[] }) | undefined> {
  const row = await db
    .selectFrom("mediaAssets")
    .select(ASSET_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const asset = assetFromRow(row);
  const variants = (await variantsOf(db, [id])).get(id) ?? [];
  return { ...asset, image: imageData(asset, variants), variants };
}

/** The image chosen for a public page's hero, or undefined. */
export async function loadPageHeroImage(db: DB, pageId: string): Promise<ImageData | undefined> {
  const row = await db
    .selectFrom("pageHeroImages")
    .select("mediaId")
    .where("pageId", "=", pageId)
    .executeTakeFirst();
  return loadImage(db, row?.mediaId);
}

/** The id of the image chosen for a page's hero (for the admin's picker), or null. */
export async function getPageHeroImageId(db: DB, pageId: string): Promise<string | null> {
  const row = await db
    .selectFrom("pageHeroImages")
    .select("mediaId")
    .where("pageId", "=", pageId)
    .executeTakeFirst();
  return row?.mediaId ?? null;
}
