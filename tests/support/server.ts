import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.ts";

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface TestServer {
  url: string;
  port: number;
  /** The SQLite file the server uses (fresh for every server). */
  databaseUrl: string;
  process: ChildProcess;
  /** Everything the server printed, for assertions on logs and for debugging failures. */
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const NODE = resolve("node_modules/.bin/node");
export const TEST_AUTH_SECRET = "test-secret-for-browser-tests-only-0123456789";

/**
 * Starts the built production server (BUILD_DIR, default build/) on a free port with a fresh
 * temporary SQLite database, and waits until /readyz answers. `options` can pin the port and
 * reuse a database, to restart "the same site" (service worker tests).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    port?: number;
    databaseUrl?: string;
    /**
     * Where the server's stdout (its request log) goes instead of this process. Benchmarks use
     * it: a pipe that a busy test process drains late would stall the server's log writes.
     */
    stdoutFile?: string;
    /** Node options before the entry file (default the production ones, server/node-flags.ts). */
    nodeFlags?: readonly string[];
  } = {},
): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "trc-e2e-"));
  // A given database outlives this server (a restart test); a fresh one is removed on stop.
  const databaseUrl = options.databaseUrl ?? `file:${join(dir, "site.db")}`;
  const child = spawn(NODE, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), "server/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? dir,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      ...env,
    },
    stdio: ["ignore", options.stdoutFile ? openSync(options.stdoutFile, "a") : "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  // "close", not "exit": by then everything the server printed has been read.
  const exited = new Promise<number | null>((done) => child.once("close", (code) => done(code)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited during start:\n${output}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    databaseUrl,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}
