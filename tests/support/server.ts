import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
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
  /** The AUTH_SECRET the server signs its cookies with. */
  authSecret: string;
  process: ChildProcess;
  /** Milliseconds from spawning (or reusing) the process to the first 200 from /readyz. */
  startMs: number;
  /** Everything the server printed, for assertions on logs and for debugging failures. */
  output(): string;
  /**
   * Sends a signal and resolves with the exit code; with no signal a reusable server's process
   * is left idle for the worker's next file instead, and 0 is the answer (see `startServer`).
   */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const NODE = resolve("node_modules/.bin/node");
export const TEST_AUTH_SECRET = "test-secret-for-browser-tests-only-0123456789";

/**
 * The migrated and seeded SQLite file every server of a browser-test run starts from
 * (tests/support/template-database.ts makes it in the e2e global setup and names it here).
 */
export const TEMPLATE_DATABASE_ENV = "TRC_E2E_TEMPLATE_DATABASE";
/** The build the template was made by: a server of another build starts on an empty database. */
export const TEMPLATE_BUILD_DIR_ENV = "TRC_E2E_TEMPLATE_BUILD_DIR";

/**
 * The template database when this server may start from it: the caller named no database of its
 * own, does not ask for an empty one, and runs the build the template was made by.
 */
function templateFor(env: Record<string, string>, emptyDatabase: boolean): string | undefined {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template || emptyDatabase || env.DATABASE_URL !== undefined) return undefined;
  const build = resolve(env.BUILD_DIR ?? process.env.BUILD_DIR ?? "build");
  if (build !== resolve(process.env[TEMPLATE_BUILD_DIR_ENV] ?? "build")) return undefined;
  return existsSync(template) ? template : undefined;
}

/**
 * Environment variables a reused server process cannot take from its next file: they act before
 * the app reads its configuration (the build, the number of processes, the log level), or name a
 * database of the caller's own. A start that sets one gets a process of its own.
 */
const SET_AT_PROCESS_START = ["BUILD_DIR", "WEB_CONCURRENCY", "LOG_LEVEL", "DATABASE_URL"];

/** A server process, with what it printed since its current test file started it. */
interface ServerProcess {
  child: ChildProcess;
  output: string;
  /** Resolves with the exit code once the process has gone and its output has been read. */
  exited: Promise<number | null>;
}

/**
 * The test worker's server process that its last file has finished with, ready for the next one
 * (decision 0095). Vitest runs a worker's files one after another in one process (`isolate:
 * false`), so this module, and this process, outlive each file.
 */
let idleProcess: ServerProcess | undefined;

const isRunning = (server: ServerProcess) =>
  server.child.exitCode === null && server.child.signalCode === null && server.child.connected;

/** The process's next message of `type`, or undefined if it exits first. */
function nextMessage(server: ServerProcess, type: string): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== type) return;
      server.child.off("message", onMessage);
      resolve(message);
    };
    server.child.on("message", onMessage);
    void server.exited.then(() => {
      server.child.off("message", onMessage);
      resolve(undefined);
    });
  });
}

/**
 * Starts the built production server (BUILD_DIR, default build/) on a free port with a fresh
 * temporary SQLite database, and waits until /readyz answers. Inside a browser-test run the fresh
 * database is a copy of the run's template (migrated and seeded, no staff account yet), which
 * spares every start the migrations and the seed; `emptyDatabase` starts on an empty file
 * instead, for tests of what a first start does. `options` can pin the port and reuse a
 * database, to restart "the same site" (service worker tests).
 *
 * Inside a browser-test run a start with only `env` reuses the worker's idle server process when
 * there is one: the process closes the last file's site and opens this one, on its own port,
 * copy of the template and environment, with its modules loaded and warm (0.4 CPU-s of a start
 * and the first render of each page spared, decision 0095). `stop()` with no signal leaves it
 * idle for the next file; `stop(signal)` and `process.kill` end it as they end any server.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    port?: number;
    databaseUrl?: string;
    /** An empty SQLite file that the server migrates and seeds itself (a first start). */
    emptyDatabase?: boolean;
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
  let databaseUrl = options.databaseUrl;
  let template: string | undefined;
  if (databaseUrl === undefined) {
    const file = join(dir, "site.db");
    template = templateFor(env, options.emptyDatabase ?? false);
    if (template) copyDatabase(template, file);
    databaseUrl = `file:${file}`;
  }
  // Only in a Vitest worker, whose files follow one another: a benchmark measures real starts.
  const reusable =
    process.env.VITEST_POOL_ID !== undefined &&
    template !== undefined &&
    options.port === undefined &&
    options.stdoutFile === undefined &&
    options.nodeFlags === undefined &&
    !SET_AT_PROCESS_START.some((name) => name in env);
  const serverEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? dir,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: TEST_AUTH_SECRET,
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
    // The folder server/main.ts would choose, named before Node starts so that main.ts itself
    // comes from the cache too and Node never loads its TypeScript stripper (~50 ms of CPU of
    // each of the suite's hundred-odd starts; decision 0076).
    NODE_COMPILE_CACHE: join(tmpdir(), "node-compile-cache"),
    ...(reusable ? { TEST_SERVER_REUSE: "1" } : {}),
    ...env,
  };
  const startedAt = performance.now();
  let server: ServerProcess;
  if (reusable && idleProcess && isRunning(idleProcess)) {
    server = idleProcess;
    idleProcess = undefined;
    server.output = "";
    server.child.send({ type: "reuse", env: serverEnv });
  } else {
    server = spawnServer(serverEnv, options, reusable);
  }
  const { child } = server;

  const url = `http://127.0.0.1:${port}`;
  // Generous: a loaded two-core machine (CI runs wherever the work was done) can take many
  // seconds; the hook time-out (120 s) stays the outer bound.
  const deadline = Date.now() + 90_000;
  // A server that does not start leaves no copy of the database behind.
  const failed = async (message: string) => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
    return new Error(`${message}:\n${server.output}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw await failed("Server exited during start");
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw await failed("Server did not become ready");
    await new Promise((r) => setTimeout(r, 25));
  }
  const startMs = Math.round(performance.now() - startedAt);

  return {
    url,
    port,
    databaseUrl,
    authSecret: serverEnv.AUTH_SECRET ?? TEST_AUTH_SECRET,
    process: child,
    startMs,
    output: () => server.output,
    async stop(signal?: NodeJS.Signals) {
      if (reusable && signal === undefined && isRunning(server)) {
        const parked = nextMessage(server, "parked");
        child.send({ type: "park" });
        if ((await parked) !== undefined) {
          rmSync(dir, { recursive: true, force: true });
          // One idle process a worker: a second one (two servers in one file) ends here.
          if (idleProcess === undefined) idleProcess = server;
          else child.kill("SIGTERM");
          return 0;
        }
      }
      if (child.exitCode === null) child.kill(signal ?? "SIGTERM");
      const code = await server.exited;
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Spawns the server; a reusable one gets an IPC channel, through which it is reused. */
function spawnServer(
  env: Record<string, string>,
  options: { stdoutFile?: string; nodeFlags?: readonly string[] },
  reusable: boolean,
): ServerProcess {
  const child = spawn(NODE, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), "server/main.ts"], {
    env,
    stdio: [
      "ignore",
      options.stdoutFile ? openSync(options.stdoutFile, "a") : "pipe",
      "pipe",
      ...(reusable ? (["ipc"] as const) : []),
    ],
  });
  const server: ServerProcess = {
    child,
    output: "",
    // "close", not "exit": by then everything the server printed has been read.
    exited: new Promise<number | null>((done) => child.once("close", (code) => done(code))),
  };
  child.stdout?.on("data", (chunk) => {
    server.output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    server.output += chunk;
  });
  if (reusable) {
    // An idle process does not keep the test worker running; when the worker ends, the server
    // sees its channel close and shuts down (server/http-server.ts).
    child.unref();
    child.channel?.unref();
    for (const stream of [child.stdout, child.stderr]) (stream as { unref?: () => void }).unref?.();
  }
  return server;
}

/** Copies an SQLite database with its write-ahead log, if it has one, to `target`. */
export function copyDatabase(source: string, target: string): void {
  copyFileSync(source, target);
  for (const suffix of ["-wal", "-shm"]) {
    if (existsSync(source + suffix)) copyFileSync(source + suffix, target + suffix);
  }
}
