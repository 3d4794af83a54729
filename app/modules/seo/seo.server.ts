import type { DB } from "~/db/client.server";
import type { SeoOverride } from "~/lib/seo";
import { loadImage } from "~/modules/media/media.server";
import type { SeoKind } from "./seo.schema";
import { getSeoFields } from "./seo-store.server";

/** The widest a link-preview image needs to be (Open Graph's 1200 px). */
const SOCIAL_WIDTH = 1200;

/**
 * A public page's search and social fields for `publicMeta`, or null when staff set none. The
 * image is the library's raster variant nearest 1200 px wide (an SVG is no link preview: the
 * site's own image stays).
 */
export async function loadSeoMeta(db: DB, kind: SeoKind, key: string): Promise<SeoOverride | null> {
  const fields = await getSeoFields(db, kind, key);
  const image = fields.imageId ? await loadImage(db, fields.imageId) : undefined;
  const raster = image?.variants
    .filter((v) => v.format === "webp")
    .sort(
      (a, b) =>
        Number(a.width < SOCIAL_WIDTH) - Number(b.width < SOCIAL_WIDTH) ||
        Math.abs(a.width - SOCIAL_WIDTH) - Math.abs(b.width - SOCIAL_WIDTH),
    )[0];
  const override: SeoOverride = {
    ...(fields.metaTitle ? { title: fields.metaTitle } : {}),
    ...(fields.metaDescription ? { description: fields.metaDescription } : {}),
    ...(fields.canonical ? { canonical: fields.canonical } : {}),
    ...(image && raster
      ? { image: { path: raster.url, width: raster.width, height: raster.height, alt: image.alt } }
      : {}),
  };
  return Object.keys(override).length > 0 ? override : null;
}
