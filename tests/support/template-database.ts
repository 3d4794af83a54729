import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "./server.ts";

/*
 * The template database of a browser-test run (docs/decisions/0035): the built server started
 * once on an empty SQLite file migrates it and seeds the default content (the resources' PDFs
 * included), then stops on SIGTERM, closing the database cleanly, so the write-ahead log is
 * checkpointed into the file (copyDatabase would copy a log left beside it). Every
 * `startServer()` of the run copies that file instead of doing the same work again. The server
 * made no staff account (no ADMIN_* variables), so a copy starts like a fresh install: the same
 * seed finds its tables filled and changes nothing, and the first-admin setup link is issued
 * anew at each start (each start replaces the previous token).
 */

export interface TemplateDatabase {
  /** The SQLite file to copy. */
  file: string;
  /** How long the server took from spawn to /readyz on the empty file (migrate and seed). */
  freshStartMs: number;
  remove(): void;
}

export async function createTemplateDatabase(): Promise<TemplateDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "trc-e2e-template-"));
  const file = join(dir, "template.db");
  try {
    const server = await startServer({}, { databaseUrl: `file:${file}`, emptyDatabase: true });
    const code = await server.stop("SIGTERM");
    if (code !== 0) {
      throw new Error(`The template server exited with ${code}:\n${server.output()}`);
    }
    return {
      file,
      freshStartMs: server.startMs,
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
