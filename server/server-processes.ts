import cluster, { type Worker } from "node:cluster";
import { ConfigError, loadConfig } from "../app/config.server.ts";
import { logger } from "../app/lib/logger.server.ts";

/*
 * Several server processes on one port (WEB_CONCURRENCY, decision 0087). Node runs a process's
 * JavaScript on one thread, so one process uses one core however many the machine has; this
 * primary forks that many copies of the whole server (server/http-server.ts) and Node's cluster
 * hands each new connection to one of them in turn. Each process is an instance of the site as
 * two instances behind nginx are: everything they share lives in the database (sessions,
 * limits, the outbox, jobs' claims, the content version; SQLite's writers take turns,
 * sqlite-group-commit.server.ts). The primary serves nothing itself: it checks the
 * configuration once (and writes the embedded secret before any process reads it), starts the
 * first process alone (it migrates and seeds), then the others, replaces one that dies, and
 * passes SIGTERM and SIGINT on for the graceful shutdown of each.
 */

/** A process that dies this soon after it started counts towards giving up. */
const EARLY_EXIT_MS = 30_000;
/** Early exits in a row after which the primary stops the site rather than loop. */
const MAX_EARLY_EXITS = 3;

/**
 * Starts the server processes when WEB_CONCURRENCY asks for more than one and resolves true;
 * resolves false when one process is asked for (the caller then runs the server itself).
 */
export async function runServerProcesses(): Promise<boolean> {
  // The default: the server checks the configuration itself, once.
  const asked = process.env.WEB_CONCURRENCY;
  if (asked === undefined || asked.trim() === "1") return false;
  let count: number;
  try {
    count = loadConfig().webConcurrency;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (count <= 1) return false;

  let stopping = false;
  let exitCode = 0;
  let earlyExits = 0;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };
  // Those not yet exited (cluster.workers may still hold one that has, until it disconnects).
  const running = () => [...startedAt.keys()];

  const stop = (signal: NodeJS.Signals, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    for (const worker of running()) worker.process.kill(signal);
    if (running().length === 0) process.exit(exitCode);
  };

  process.on("SIGTERM", () => stop("SIGTERM", 0));
  process.on("SIGINT", () => stop("SIGINT", 0));

  // The first alone: it applies the migrations and the seed before any other opens the database.
  // If it cannot start (a port in use, a database it cannot open), nothing else is started.
  const first = fork();
  await new Promise<void>((ready) => {
    const onExit = (code: number | null) => {
      process.exit(stopping ? exitCode : code && code > 0 ? code : 1);
    };
    first.once("exit", (code) => {
      startedAt.delete(first);
      onExit(code);
    });
    first.once("listening", () => {
      first.removeAllListeners("exit");
      ready();
    });
  });
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = Math.max(exitCode, code ?? 1);
      if (running().length === 0) process.exit(exitCode);
      return;
    }
    // Not asked to stop: a crash (or a kill from outside). The others go on serving meanwhile.
    logger.error("server_process_exited", {
      pid: worker.process.pid,
      code,
      signal,
      livedMs: lived,
    });
    earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0;
    if (earlyExits >= MAX_EARLY_EXITS) {
      logger.error("server_processes_giving_up", { earlyExits });
      stop("SIGTERM", 1);
      return;
    }
    fork();
  });

  for (let n = 1; n < count; n++) fork();
  let listening = 1;
  cluster.on("listening", () => {
    listening++;
    if (listening === count) logger.info("server_processes_ready", { count });
  });
  return true;
}
