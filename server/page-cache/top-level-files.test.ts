import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../../app/lib/logger.server.ts";
import type { ServedBy } from "./served-by.ts";
import { createTopLevelFiles } from "./top-level-files.ts";

const SERVICE_WORKER = `self.addEventListener("fetch", () => {});\n${"// precache list\n".repeat(40)}`;

/** What a GET of `path` with `Accept-Encoding: br` answers: status, headers and body. */
function get(files: ReturnType<typeof createTopLevelFiles>, path: string) {
  const answer: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      answer.status = status;
      answer.headers = headers;
    },
    end(body?: Buffer) {
      answer.body = body;
    },
  } as unknown as ServerResponse;
  const req = { method: "GET", headers: { "accept-encoding": "br, gzip" } } as IncomingMessage;
  const served = files.serve(req, res, path, [], { bytes: 0 } as ServedBy);
  return { served, ...answer };
}

describe("the files at the top of the client build", () => {
  const dirs: string[] = [];
  const clientDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "top-level-"));
    dirs.push(dir);
    writeFileSync(join(dir, "sw.js"), SERVICE_WORKER);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("answers with the build's compressed copies, read as they are, and says nothing", () => {
    const dir = clientDir();
    // Quality 1: bytes of its own, unlike what compressing at start (quality 11) would give.
    const buildsCopy = brotliCompressSync(SERVICE_WORKER, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 1 },
    });
    writeFileSync(join(dir, "sw.js.br"), buildsCopy);
    writeFileSync(join(dir, "sw.js.gz"), gzipSync(SERVICE_WORKER));
    const errors = vi.spyOn(logger, "error");

    const answer = get(createTopLevelFiles(dir), "/sw.js");

    expect(answer.status).toBe(200);
    expect(answer.headers?.["Content-Encoding"]).toBe("br");
    expect(answer.body?.equals(buildsCopy)).toBe(true);
    expect(errors).not.toHaveBeenCalled();
    // The copies are not top-level files of their own.
    expect(get(createTopLevelFiles(dir), "/sw.js.br").served).toBe(false);
  });

  it("compresses a file whose copies are missing, and logs that as an error", () => {
    const dir = clientDir();
    const errors = vi.spyOn(logger, "error");

    const answer = get(createTopLevelFiles(dir), "/sw.js");

    expect(answer.status).toBe(200);
    expect(answer.headers?.["Content-Encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body as Buffer).toString()).toBe(SERVICE_WORKER);
    expect(errors).toHaveBeenCalledWith("top_level_file_not_precompressed", { file: "sw.js" });
  });
});
