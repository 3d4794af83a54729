import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { DB } from "~/db/client.server";
import { fileStore, type StoredFile } from "~/modules/files/file-store.server";

/*
 * Sending a stored file (docs/decisions/0021-uploads-and-stored-files.md): a CV to staff, a
 * resource's file to staff or through a signed link. Always a download under a name the server
 * made, never shown inline, never sniffed into another type, never kept by a cache, and read a
 * stored chunk at a time.
 */

/**
 * The name in Content-Disposition: anything outside plain letters, digits, dots, hyphens and
 * underscores is replaced, so that a header can never be broken by it.
 */
export const headerFileName = (name: string) => name.replace(/[^\w.-]/g, "-") || "download";

/** The file as a download; `fileName` overrides the stored name; `headers` are added. */
export function fileDownloadResponse(
  db: DB,
  file: Pick<StoredFile, "id" | "fileName" | "contentType" | "byteSize">,
  options: { fileName?: string; headers?: Record<string, string> } = {},
): Response {
  const bytes = Readable.from(fileStore.read(db, file.id), { objectMode: false });
  return new Response(createReadableStreamFromReadable(bytes), {
    headers: {
      "Cache-Control": "private, no-store",
      ...options.headers,
      "Content-Type": file.contentType,
      "Content-Length": String(file.byteSize),
      "Content-Disposition": `attachment; filename="${headerFileName(options.fileName ?? file.fileName)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A plain-text 404 for a file that is not there. A Response, because a resource route passes it
 * on as it is (a thrown data() would become a 500).
 */
export const fileNotFound = (message: string) =>
  new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
