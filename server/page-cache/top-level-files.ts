import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { logger } from "../../app/lib/logger.server.ts";
import { copyFor } from "./accept-encoding.ts";
import type { ServedBy } from "./served-by.ts";

/*
 * The files at the top of the client build (the service worker, icons, the manifest, the build
 * id), read once at start and answered from memory. GET and HEAD get the same header fields
 * (Express's compression leaves HEAD uncompressed, so a HEAD of /sw.js used to give the identity
 * length while GET said br). The build writes their compressed copies beside them
 * (`sw.js.br`, `sw.js.gz`; scripts/build.ts): compressing /sw.js at the best levels here took
 * 0.2-0.45 s of every start's CPU (decision 0076). A copy missing (a build made before that)
 * is made here and said as an error, so that a build step that stopped writing them shows.
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

/** Whether a top-level file is sent compressed (the build compresses exactly these). */
export function isCompressedTopLevelFile(name: string, size: number): boolean {
  return COMPRESSIBLE.has(extname(name)) && size > 256;
}

/** The gzip and brotli copies of a top-level file, at the best levels (the build's, or here). */
export function compressTopLevelFile(identity: Buffer): { gzip: Buffer; brotli: Buffer } {
  return {
    gzip: gzipSync(identity, { level: 9 }),
    brotli: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

function readIfThere(path: string): Buffer | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}

function load(clientDir: string, name: string): TopLevelFile | undefined {
  const path = join(clientDir, name);
  const type = TYPES[extname(name)];
  if (!type || !statSync(path).isFile()) return undefined;
  const identity = readFileSync(path);
  const file: TopLevelFile = {
    type,
    cacheControl: cacheControlOf(name),
    etag: createHash("sha256").update(identity).digest("base64url").slice(0, 27),
    identity,
  };
  if (!isCompressedTopLevelFile(name, identity.length)) return file;
  file.gzip = readIfThere(`${path}.gz`);
  file.brotli = readIfThere(`${path}.br`);
  if (!file.gzip || !file.brotli) {
    logger.error("top_level_file_not_precompressed", { file: name });
    Object.assign(file, compressTopLevelFile(identity));
  }
  return file;
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
