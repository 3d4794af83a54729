/**
 * The crowd benchmark's HTTP client (bench/book-crowd.ts): one request as a browser makes it.
 */
import { Agent, request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** A request not answered in this long counts as an error. */
const TIMEOUT_MS = 30_000;

/**
 * One request as a browser makes it (keep-alive, compressed answers accepted), through
 * node:http rather than fetch: the crowd runs on the server's own two cores, and fetch cost
 * as much CPU per request as the server (decompressing every page among it), which measured
 * the load generator more than the site (decision 0084). Only the bodies the crowd reads
 * (/book's offered times, the posts' answers) are decompressed.
 */
const crowdAgent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
export function crowdRequest(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    read = true,
  }: { method?: string; headers?: Record<string, string>; body?: string; read?: boolean },
): Promise<{ status: number; body: string; location: string | null }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method,
        agent: crowdAgent,
        headers: { "accept-encoding": "br, gzip", ...headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const location = response.headers.location ?? null;
          const encoding = response.headers["content-encoding"];
          // A cached page's bytes are received in full but not decoded: nothing reads them.
          if (!read) return resolve({ status, body: "", location });
          const raw = Buffer.concat(chunks);
          const text = (
            encoding === "br"
              ? brotliDecompressSync(raw)
              : encoding === "gzip"
                ? gunzipSync(raw)
                : raw
          ).toString("utf8");
          resolve({ status, body: text, location });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
