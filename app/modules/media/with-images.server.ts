import type { DB } from "~/db/client.server";
import { loadImages } from "./media.server";
import type { ImageData } from "./media-image";

/**
 * Records that name an image (`imageId`), each with its image as a page draws it (`image`, left
 * out when none is chosen or it has been deleted since). One read for the whole list.
 */
export async function withImages<T extends { imageId: string | null }>(
  db: DB,
  records: readonly T[],
): Promise<(T & { image?: ImageData })[]> {
  const images = await loadImages(
    db,
    records.map((record) => record.imageId),
  );
  return records.map((record) => {
    const image = record.imageId ? images.get(record.imageId) : undefined;
    return image ? { ...record, image } : record;
  });
}
