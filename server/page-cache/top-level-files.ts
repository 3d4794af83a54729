import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { copyFor } from "./accept-encoding.ts";
import type { ServedBy } from "./served-by.ts";

/*
 * The files at the top of the client build (the service worker, icons, the manifest, the build
 * id), read and compressed once at start and answered from memory. GET and HEAD get the same
 * header fields (Express's compression leaves HEAD uncompressed, so a HEAD of /sw.js used to
 * give the identity length while GET said br).
 */

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml",
};
const COMPRESSIBLE = new Set([".js", ".svg", ".txt", ".json", ".webmanifest", ".xml"]);

/** The service worker is checked for an update on every visit; the rest may be kept an hour. */
const cacheControlOf = (name: string) => (name === "sw.js" ? "no-cache" : "public, max-age=3600");

interface TopLevelFile {
  type: string;
  cacheControl: string;
  etag: string;
  identity: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
}

function load(clientDir: string, name: string): TopLevelFile | undefined {
  const path = join(clientDir, name);
  const type = TYPES[extname(name)];
  if (!type || !statSync(path).isFile()) return undefined;
  const identity = readFileSync(path);
  const compress = COMPRESSIBLE.has(extname(name)) && identity.length > 256;
  return {
    type,
    cacheControl: cacheControlOf(name),
    etag: createHash("sha256").update(identity).digest("base64url").slice(0, 27),
    identity,
    gzip: compress ? gzipSync(identity, { level: 9 }) : undefined,
    brotli: compress
      ? brotliCompressSync(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        })
      : undefined,
  };
}

export function createTopLevelFiles(clientDir: string) {
  const files = new Map<string, TopLevelFile>();
  for (const name of readdirSync(clientDir)) {
    const file = load(clientDir, name);
    if (file) files.set(`/${name}`, file);
  }

  return {
    has: (path: string) => files.has(path),
    /** Answers a GET or HEAD of a top-level file; false when there is no such file. */
    serve(
      req: IncomingMessage,
      res: ServerResponse,
      path: string,
      perRequestHeaders: Array<[string, string]>,
      served: ServedBy,
    ): boolean {
      const file = files.get(path);
      if (!file) return false;
      const [encoding, body] = copyFor(req.headers["accept-encoding"], file);
      const headers: Record<string, string> = Object.fromEntries(perRequestHeaders);
      headers["Cache-Control"] = file.cacheControl;
      headers.ETag = `"${file.etag}${encoding ? `-${encoding === "br" ? "br" : "gz"}` : ""}"`;
      headers["X-Cache"] = "HIT";
      if (file.gzip) headers.Vary = "Accept-Encoding";
      const ifNoneMatch = req.headers["if-none-match"];
      const fresh = ifNoneMatch?.split(",").some(
        (tag) =>
          tag
            .trim()
            .replace(/^W\//, "")
            .replace(/^"|"$/g, "")
            .replace(/-(br|gz)$/, "") === file.etag,
      );
      if (fresh) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      headers["Content-Type"] = file.type;
      headers["Content-Length"] = String(body.length);
      if (encoding) headers["Content-Encoding"] = encoding;
      served.bytes = req.method === "HEAD" ? 0 : body.length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },
  };
}
