import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.ts";
import { freePort, TEST_AUTH_SECRET } from "./server";
import { createTestDatabase, type TestDatabase } from "./test-database";

/*
 * The production topology on one machine, with plain processes: a fresh PostgreSQL database, two
 * instances of the built server on it, and a private nginx (deploy/nginx.conf, pointed at them)
 * as round-robin reverse proxy. Everything listens on 127.0.0.1 only.
 */

const NODE = resolve("node_modules/.bin/node");
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
// Generous: two instances and nginx starting on a loaded two-core machine can take many seconds;
// the hook time-out (120 s) stays the outer bound.
const READY_TIMEOUT_MS = 90_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `check` every 100 ms until it returns true; throws `describe()` after `timeoutMs`. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  describe: () => string,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(describe());
    await sleep(100);
  }
}

/** One app instance: its port stays the same across restarts, as behind a real proxy. */
export interface ClusterInstance {
  name: string;
  port: number;
  /** The instance itself, bypassing nginx. */
  url: string;
  /** Everything this instance printed since its latest start. */
  output(): string;
  /** Everything it printed over all its runs (for failure messages). */
  allOutput(): string;
  /** Starts it (again) and waits until /readyz answers 200. */
  start(): Promise<void>;
  /** Sends a signal and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  running(): boolean;
}

export interface Cluster {
  /** nginx: the site's public address (BASE_URL of every instance). */
  url: string;
  /** The PostgreSQL URL every instance uses (a schema of its own). */
  databaseUrl: string;
  /** A connection of the test's own to the same database. */
  database: TestDatabase;
  instances: ClusterInstance[];
  /** Starts one more instance on the same database, not behind nginx (env overrides). */
  startInstance(env: Record<string, string>): Promise<ClusterInstance>;
  /** nginx's error log, for failure messages. */
  proxyLog(): string;
  stop(): Promise<void>;
}

/** The environment of every instance: the same secret, database and public address. */
function instanceEnv(port: number, databaseUrl: string, baseUrl: string, dir: string) {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? dir,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    BASE_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: TEST_AUTH_SECRET,
    TRUST_PROXY: "true",
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
  };
}

function createInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  cwd: string,
): ClusterInstance {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let output = "";
  let allOutput = "";

  const instance: ClusterInstance = {
    name,
    port,
    url,
    output: () => output,
    allOutput: () => allOutput,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async start() {
      if (instance.running()) throw new Error(`${name} is already running`);
      output = "";
      allOutput += `\n--- ${name} start ---\n`;
      const started = spawn(NODE, [...SERVER_NODE_FLAGS, "server/main.ts"], {
        cwd,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      const collect = (chunk: Buffer) => {
        output += chunk;
        allOutput += chunk;
      };
      started.stdout?.on("data", collect);
      started.stderr?.on("data", collect);
      // "close", not "exit": by then everything it printed has been read.
      exited = new Promise((done) => started.once("close", (code) => done(code)));
      await waitUntil(
        async () => {
          if (started.exitCode !== null) {
            throw new Error(`${name} exited during start:\n${output}`);
          }
          try {
            const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) });
            return response.ok;
          } catch {
            return false;
          }
        },
        () => `${name} did not become ready:\n${output}`,
      );
    },
    async stop(signal = "SIGTERM") {
      if (instance.running()) child?.kill(signal);
      return exited;
    },
  };
  return instance;
}

/**
 * deploy/nginx.conf, pointed at the given instances and port, with its files in `dir`. The
 * test client stands where a CDN would, so the commented realip lines are switched on for
 * 127.0.0.1: a test names the visitor's address in X-Forwarded-For.
 */
export function proxyConfig(options: { dir: string; port: number; upstreams: number[] }): string {
  const { dir, port, upstreams } = options;
  let config = readFileSync(resolve("deploy/nginx.conf"), "utf8");
  const replace = (pattern: RegExp, replacement: string) => {
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf no longer has ${pattern}`);
    config = config.replace(pattern, replacement);
  };
  replace(/^worker_processes .*;$/m, "worker_processes 1;\ndaemon off;");
  replace(/^error_log .*;$/m, `error_log ${join(dir, "error.log")} warn;`);
  replace(/^pid .*;$/m, `pid ${join(dir, "nginx.pid")};`);
  replace(/^(\s*)# set_real_ip_from .*;$/m, "$1set_real_ip_from 127.0.0.1;");
  replace(/^(\s*)# real_ip_header (.*);$/m, "$1real_ip_header $2;");
  replace(/^(\s*)# real_ip_recursive (.*);$/m, "$1real_ip_recursive $2;");
  // Every `server appN:3000 …;` line of the upstream becomes one line per test instance.
  const serverLine = /^(\s*)server app\d+:3000( [^;]*)?;\n/gm;
  const lines = [...config.matchAll(serverLine)];
  if (lines.length === 0) throw new Error("deploy/nginx.conf has no `server appN:3000` line");
  const [first] = lines;
  const indent = first?.[1] ?? "    ";
  const parameters = first?.[2] ?? "";
  config = config.replace(serverLine, "");
  replace(
    /^(\s*upstream site \{\n(?:\s*#.*\n)*)/m,
    `$1${upstreams.map((p) => `${indent}server 127.0.0.1:${p}${parameters};\n`).join("")}`,
  );
  replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  // A private nginx writes its temporary files under its own folder, not /var/lib/nginx.
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${join(dir, "temp", kind)};`)
    .join("\n");
  replace(/^http \{$/m, `http {\n${temp}`);
  return config;
}

/** nginx with deploy/nginx.conf (`proxyConfig`) on `port`, in front of `upstreams`; waits for it. */
export async function startProxy(dir: string, port: number, upstreams: number[]) {
  mkdirSync(join(dir, "temp"), { recursive: true });
  const configFile = join(dir, "nginx.conf");
  writeFileSync(configFile, proxyConfig({ dir, port, upstreams }));
  const nginx = spawn(NGINX, ["-p", dir, "-c", configFile, "-e", join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  nginx.stdout?.on("data", (chunk) => {
    printed += chunk;
  });
  nginx.stderr?.on("data", (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<void>((done) => nginx.once("close", () => done()));
  const url = `http://127.0.0.1:${port}`;
  const log = () => {
    try {
      return `${printed}${readFileSync(join(dir, "error.log"), "utf8")}`;
    } catch {
      return printed;
    }
  };
  const stop = async () => {
    // daemon off: this is nginx's master process; SIGQUIT lets it finish and stops its workers.
    if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill("SIGQUIT");
    await exited;
  };
  try {
    await waitUntil(
      async () => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited during start:\n${log()}`);
        try {
          return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) })).ok;
        } catch {
          return false;
        }
      },
      () => `nginx did not answer:\n${log()}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, log, stop };
}

/**
 * Starts the topology: a fresh PostgreSQL schema (left unmigrated: the two instances start
 * together and migrate it once between them), two instances, then nginx in front of them.
 */
export async function startCluster(
  options: { instances?: number; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const count = options.instances ?? 2;
  const dir = mkdtempSync(join(tmpdir(), "trc-cluster-"));
  const database = await createTestDatabase("postgres", { migrate: false });
  const proxyPort = await freePort();
  const baseUrl = `http://127.0.0.1:${proxyPort}`;
  const instances: ClusterInstance[] = [];
  for (let i = 0; i < count; i += 1) {
    const port = await freePort();
    instances.push(
      createInstance(
        `instance ${i + 1}`,
        port,
        { ...instanceEnv(port, database.url, baseUrl, dir), ...options.env },
        process.cwd(),
      ),
    );
  }
  const extras: ClusterInstance[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all([...instances, ...extras].map((instance) => instance.stop("SIGTERM")));
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((instance) => instance.start()));
    proxy = await startProxy(
      join(dir, "nginx"),
      proxyPort,
      instances.map((instance) => instance.port),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const started = proxy;
  return {
    url: started.url,
    databaseUrl: database.url,
    database,
    instances,
    async startInstance(env) {
      const port = await freePort();
      const instance = createInstance(
        `instance ${instances.length + extras.length + 1} (not behind nginx)`,
        port,
        { ...instanceEnv(port, database.url, baseUrl, dir), ...env },
        process.cwd(),
      );
      extras.push(instance);
      await instance.start();
      return instance;
    },
    proxyLog: () => started.log(),
    stop,
  };
}
