import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { DB } from "~/db/client.server";
import { fileStore } from "~/modules/files/file-store.server";
import { findMediaFile } from "~/modules/media/media-files.server";
import { fileNotFound } from "./file-download.server";

/*
 * Serving the media library's images (docs/decisions/0027-media-library.md). A variant's URL
 * names its image (a random id), its width and its format, and never changes meaning: a new
 * upload is a new image, so browsers and CDNs may keep it for a year. An SVG is sanitised on
 * upload and served with a policy that lets it run nothing and load nothing, even when opened
 * on its own.
 */

export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** True when `If-None-Match` names the entity tag (a list, a weak tag or `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The stored image file for `/media/:id/:file`, a 304 when the browser has it, or a 404. */
export async function mediaFileResponse(
  db: DB,
  request: Request,
  params: { id?: string; file?: string },
): Promise<Response> {
  const id = params.id ?? "";
  const name = params.file ?? "";
  const found = /^img_[0-9a-f]{24}$/.test(id) ? await findMediaFile(db, id, name) : undefined;
  const stored = found ? await fileStore.describe(db, found.fileId) : undefined;
  if (!found || !stored) return fileNotFound("No such image.");
  // The content's hash: the same bytes give the same tag on every instance.
  const etag = `"${stored.sha256.slice(0, 32)}"`;
  const headers: Record<string, string> = {
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (found.contentType === "image/svg+xml") {
    headers["Content-Security-Policy"] = SVG_CONTENT_SECURITY_POLICY;
  }
  if (matches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers["Content-Type"] = found.contentType;
  headers["Content-Length"] = String(stored.byteSize);
  if (request.method === "HEAD") return new Response(null, { headers });
  const bytes = Readable.from(fileStore.read(db, stored.id), { objectMode: false });
  return new Response(createReadableStreamFromReadable(bytes), { headers });
}
