import { readdirSync, readFileSync } from "node:fs";

/*
 * A process's parent and CPU time from /proc (Linux), for the tests and benchmarks that watch a
 * server from outside: on a shared machine its CPU time says what it did, where wall time mostly
 * says what its neighbours did. Free of Vitest, so that benchmarks use it too.
 */

const TICK_MS = 10; // USER_HZ is 100 on Linux

export interface ProcessStat {
  parent: number;
  /** CPU time so far, all threads, in milliseconds (10 ms steps). */
  cpuMs: number;
}

/** The process's parent and CPU time; undefined once it has gone. */
export function processStat(pid: number | string): ProcessStat | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return {
      parent: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
    };
  } catch {
    return undefined;
  }
}

/** The process's CPU time with that of its children still running (WEB_CONCURRENCY's processes). */
export function cpuMsWithChildren(pid: number): number {
  let total = processStat(pid)?.cpuMs ?? 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(entry);
    if (stat?.parent === pid) total += stat.cpuMs;
  }
  return total;
}
