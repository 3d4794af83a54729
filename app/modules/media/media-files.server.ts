import type { DB } from "~/db/client.server";

/*
 * The stored bytes behind the /media/ addresses (app/web/media-file.server.ts serves them): a
 * variant by width and format, or a sanitised SVG. The upload as it was sent is never served.
 */

/** Where a stored media file is: the file store id and its type, for /media/<id>/<file>. */
export async function findMediaFile(
  db: DB,
  id: string,
  file: string,
): Promise<{ fileId: string; contentType: string } | undefined> {
  const variant = /^(\d{1,5})\.(avif|webp)$/.exec(file);
  if (variant) {
    const row = await db
      .selectFrom("mediaVariants")
      .select("fileId")
      .where("mediaId", "=", id)
      .where("width", "=", Number(variant[1]))
      .where("format", "=", variant[2] ?? "")
      .executeTakeFirst();
    return row && { fileId: row.fileId, contentType: `image/${variant[2]}` };
  }
  if (file === "image.svg") {
    const row = await db
      .selectFrom("mediaAssets")
      .select("fileId")
      .where("id", "=", id)
      .where("kind", "=", "svg")
      .executeTakeFirst();
    return row && { fileId: row.fileId, contentType: "image/svg+xml" };
  }
  return undefined;
}
