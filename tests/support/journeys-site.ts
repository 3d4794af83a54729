import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import pg from "pg";
import { startProxy } from "./cluster";
import { freePort } from "./server";
import { TEST_DATABASE_URL } from "./test-database";

/*
 * The product as the README ships it (issue 22 §3): `npm start` in a fresh install, not the
 * test harness's `node server/main.ts`. The journeys suite (tests/e2e/journeys*.test.ts) starts
 * the site through here and nothing else, so whatever `npm start` runs (the prestart step, the
 * Node flags, the `.env` loading, the defaults an operator relies on) is what the tests see.
 *
 * A fresh install is a temporary folder holding the project's files as symbolic links, with no
 * `data/` folder and no `.env`: the README's first command then creates `data/site.db` and
 * `data/auth-secret` there, as it would in a new clone, and nothing is written into the checkout.
 * The build is linked in under BUILD_DIR's name, so the prestart step (build if missing) finds
 * the one the e2e project's global setup made. The process gets only what an operator would set
 * (PORT, the first admin, SMTP_URL, ...): no variable that only tests use.
 *
 * JOURNEYS_PROJECT_DIR names another checkout to install from (default: this one), so the same
 * suite can be pointed at an older commit's worktree and its build.
 */

/** The checkout the fresh installs are made from. */
export const PROJECT_DIR = resolve(process.env.JOURNEYS_PROJECT_DIR ?? process.cwd());
/** The build folder's name, relative to the checkout (as `npm start` reads BUILD_DIR). */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The first admin of every journey site: ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD. */
export const FIRST_ADMIN = {
  username: "owner",
  email: "owner@journeys.example.in",
  // At least 12 characters, not a common password, nothing of the username or e-mail in it.
  password: "Saffron-ledger-7731-quay",
} as const;

export const firstAdminEnv = (): Record<string, string> => ({
  ADMIN_USERNAME: FIRST_ADMIN.username,
  ADMIN_EMAIL: FIRST_ADMIN.email,
  ADMIN_PASSWORD: FIRST_ADMIN.password,
});

/** Folders and files of a checkout that a fresh install does not have. */
const notInFreshInstall = (name: string) =>
  name === "data" || name === ".env" || name === ".git" || /^build(-.*)?$/.test(name);

/**
 * A fresh install of PROJECT_DIR in a new temporary folder: every file of the checkout linked in,
 * the build linked in under BUILD_DIR, and no data. Returns the folder.
 */
export function freshInstall(): string {
  const build = resolve(PROJECT_DIR, BUILD_DIR);
  if (!existsSync(join(build, "server/index.js"))) {
    throw new Error(`No build in ${build}: run BUILD_DIR=${BUILD_DIR} npm run build there first`);
  }
  const dir = mkdtempSync(join(tmpdir(), "trc-journeys-"));
  for (const name of readdirSync(PROJECT_DIR)) {
    if (!notInFreshInstall(name)) symlinkSync(join(PROJECT_DIR, name), join(dir, name));
  }
  if (!isAbsolute(BUILD_DIR)) {
    // BUILD_DIR may name a nested folder; its parents are real folders of the install.
    mkdirSync(resolve(dir, BUILD_DIR, ".."), { recursive: true });
    symlinkSync(build, resolve(dir, BUILD_DIR));
  }
  return dir;
}

/** One `npm start`, in its own process group (npm, the prestart step and the server). */
export interface ShippedProcess {
  name: string;
  port: number;
  /** The process itself (not through a proxy), on the address it was given. */
  directUrl: string;
  /** The install it runs in (its `data/` folder is there). */
  dir: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs `npm start` in `dir` with the operator's variables `env` (BUILD_DIR and PORT added) and
 * waits until `/readyz` answers 200. Spawned as a process group of its own: stopping npm alone
 * would leave the server it started running, so `stop` signals the whole group.
 */
export async function npmStart(
  name: string,
  dir: string,
  env: Record<string, string>,
  port: number,
  host = "127.0.0.1",
): Promise<ShippedProcess> {
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: dir,
    detached: true,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? dir,
      BUILD_DIR,
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid) runningGroups.add(child.pid);
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const closed = new Promise<void>((done) => child.once("close", () => done()));
  let exited = false;
  void closed.then(() => {
    exited = true;
  });

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // the group has gone already
    }
  };
  const stop = async () => {
    signalGroup("SIGTERM");
    const stopped = await Promise.race([closed.then(() => true), sleep(STOP_TIMEOUT_MS)]);
    if (!stopped) {
      signalGroup("SIGKILL");
      await closed;
    }
    // npm may exit before the server it started: the group is empty only when both have gone.
    for (let i = 0; i < 50 && groupAlive(child.pid); i++) await sleep(100);
    if (groupAlive(child.pid)) signalGroup("SIGKILL");
    if (child.pid) runningGroups.delete(child.pid);
  };

  const directUrl = `http://${host}:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) throw new Error(`${name}: npm start exited during start:\n${output}`);
    try {
      const response = await fetch(`${directUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name}: npm start did not become ready:\n${output}`);
    }
    await sleep(200);
  }
  return { name, port, directUrl, dir, output: () => output, stop };
}

/** Process groups still running: killed if the test process exits without stopping them. */
const runningGroups = new Set<number>();
process.once("exit", () => {
  for (const pid of runningGroups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // gone
    }
  }
});

/**
 * The lines a site's processes logged at level error or fatal (none is expected from a visitor's
 * journey), and whether the prestart step had to build (it must find the prepared build).
 */
export function troubleIn(output: string): string[] {
  return output
    .split("\n")
    .filter(
      (line) =>
        /"level":"(error|fatal)"/.test(line) ||
        line.startsWith("No build found") ||
        /^Could not (start|listen)/.test(line),
    );
}

function groupAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A journey site: where a visitor opens it, and how to take it down. */
export interface JourneySite {
  /** The public address (BASE_URL, or the default http://localhost:$PORT). */
  url: string;
  /** The `npm start` processes behind it. */
  processes: ShippedProcess[];
  /** Everything they printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The README's first command on SQLite: a fresh install, `npm start` with the first admin and the
 * mail server set, nothing else but a free PORT. The database and the auth secret are the
 * defaults under the install's `data/`; the site is opened at http://localhost:$PORT as the
 * README says.
 */
export async function startSqliteSite(env: Record<string, string>): Promise<JourneySite> {
  const dir = freshInstall();
  const port = await freePort();
  try {
    // HOST is left at its default (all interfaces), as the README's start leaves it.
    const started = await npmStart("npm start", dir, env, port, "localhost");
    if (!existsSync(join(dir, "data/site.db"))) {
      throw new Error(`npm start did not create data/site.db in the fresh install ${dir}`);
    }
    return {
      url: `http://localhost:${port}`,
      processes: [started],
      output: started.output,
      async stop() {
        await started.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A PostgreSQL database of its own (CREATE DATABASE on TEST_DATABASE_URL's server). */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `journeys_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  url.search = "";
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/**
 * The production topology with the shipped start: a fresh PostgreSQL database, two fresh installs
 * each running `npm start` on it (started together, as compose starts them, both with the first
 * admin's variables), and nginx with deploy/nginx.conf in front. Each instance gets what the
 * README's production section asks for: DATABASE_URL, the shared AUTH_SECRET and BASE_URL (the
 * proxy's address), TRUST_PROXY=true (one proxy), HOST on the loopback (reachable through the
 * proxy only).
 */
export async function startPostgresSite(env: Record<string, string>): Promise<JourneySite> {
  const database = await createDatabase();
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const authSecret = randomBytes(36).toString("base64");
  const installs = [freshInstall(), freshInstall()];
  const nginxDir = mkdtempSync(join(tmpdir(), "trc-journeys-nginx-"));
  const processes: ShippedProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(processes.map((started) => started.stop()));
    await database.drop();
    for (const dir of [...installs, nginxDir]) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const ports = [await freePort(), await freePort()];
    const started = await Promise.allSettled(
      installs.map((dir, i) =>
        npmStart(
          `instance ${i + 1}`,
          dir,
          {
            HOST: "127.0.0.1",
            DATABASE_URL: database.url,
            AUTH_SECRET: authSecret,
            BASE_URL: url,
            TRUST_PROXY: "true",
            ...env,
          },
          ports[i] as number,
        ),
      ),
    );
    for (const result of started) if (result.status === "fulfilled") processes.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    proxy = await startProxy(nginxDir, proxyPort, ports);
  } catch (error) {
    await stop();
    throw error;
  }
  const started = proxy;
  return {
    url,
    processes,
    output: () =>
      `${processes.map((p) => `--- ${p.name} ---\n${p.output()}`).join("\n")}\n--- nginx ---\n${started.log()}`,
    stop,
  };
}
