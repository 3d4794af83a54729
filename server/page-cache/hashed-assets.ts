import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { copyFor } from "./accept-encoding.ts";
import type { ServedBy } from "./served-by.ts";

/**
 * The build's hashed files (`/assets/…`), answered from memory with the brotli and gzip copies
 * that `npm run build` wrote beside them. A hashed name never changes content: a year, immutable.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

interface Asset {
  type: string;
  identity: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
}

const readIfThere = (path: string) => (existsSync(path) ? readFileSync(path) : undefined);

export function createHashedAssets(assetsDir: string) {
  const assets = new Map<string, Asset | null>();

  function load(name: string): Asset | null {
    let asset = assets.get(name);
    if (asset !== undefined) return asset;
    const path = join(assetsDir, name);
    const type = TYPES[extname(name)];
    asset =
      type && existsSync(path)
        ? {
            type,
            identity: readFileSync(path),
            gzip: readIfThere(`${path}.gz`),
            brotli: readIfThere(`${path}.br`),
          }
        : null;
    // Only files that exist are remembered: a request for a missing name must not grow the map.
    if (asset) assets.set(name, asset);
    return asset;
  }

  /** Answers `/assets/<name>` when the build has it; false lets the request go on. */
  return function serveHashedAsset(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    perRequestHeaders: Array<[string, string]>,
    served: ServedBy,
  ): boolean {
    const name = path.slice("/assets/".length);
    if (!/^[\w.-]+$/.test(name) || name.endsWith(".gz") || name.endsWith(".br")) return false;
    const asset = load(name);
    if (!asset) return false;
    const [encoding, body] = copyFor(req.headers["accept-encoding"], asset);
    const headers: Record<string, string> = Object.fromEntries(perRequestHeaders);
    headers["Content-Type"] = asset.type;
    headers["Cache-Control"] = IMMUTABLE;
    headers["Content-Length"] = String(body.length);
    headers.Vary = "Accept-Encoding";
    headers["X-Cache"] = "HIT";
    if (encoding) headers["Content-Encoding"] = encoding;
    served.bytes = body.length;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
