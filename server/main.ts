/**
 * The Node entry (`npm start`, `npm run dev`, every test and benchmark server). It turns on
 * Node's on-disk compile cache before anything else loads, so that a start after the first
 * reuses V8's compiled code for the server, the built app and their packages instead of
 * compiling them again: about a third less CPU to reach /readyz (issue 23). The cache lives in
 * NODE_COMPILE_CACHE, or the system's temporary folder; V8 checks each entry against its source
 * and compiles a stale one afresh. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { constants, enableCompileCache } from "node:module";

const cache = enableCompileCache();
if (cache.status === constants.compileCacheStatus.FAILED) {
  // The server works without it, only starts slower: say so instead of being slow in silence.
  process.stderr.write(
    `${JSON.stringify({ level: "warn", event: "compile_cache_unavailable", detail: cache.message })}\n`,
  );
}
// WEB_CONCURRENCY above 1: this process starts the server processes and serves nothing itself
// (server/server-processes.ts); otherwise, and in each of those, it is the server.
const cluster = (await import("node:cluster")).default;
const primary =
  cluster.isPrimary && (await (await import("./server-processes.ts")).runServerProcesses());
if (!primary) await import("./http-server.ts");
