import { sql } from "kysely";
import type { openDatabase } from "../app/db/client.server.ts";
import { processStat } from "../tests/support/process-stat.ts";

/*
 * CPU time of a query beside its wall time, for the benchmarks on a shared machine: with several
 * test suites running on two cores, a query's wall time is mostly its wait for a core, while the
 * CPU it used (this process, plus the PostgreSQL backends serving it when the server is on this
 * machine) stays nearly the same from one run to the next. The benchmarks print both.
 *
 * PostgreSQL backends are found by the application name the benchmark sets (PGAPPNAME, which the
 * `pg` driver sends) and read from /proc; where they cannot be read (a server elsewhere), only
 * this process's CPU is counted and `serverCounted` is false.
 */

type Database = ReturnType<typeof openDatabase>["db"];

/** The application name every connection of this process announces (set before connecting). */
export function nameConnections(): string {
  process.env.PGAPPNAME ??= `bench-${process.pid}`;
  return process.env.PGAPPNAME;
}

export interface CpuMeter {
  /** Starts counting (after a warm-up, so that the connections in use exist). */
  start(): Promise<void>;
  /** Milliseconds of CPU used since `start`. */
  stop(): number;
  /** Whether the PostgreSQL backends' CPU is in the figure. */
  serverCounted: boolean;
}

export async function cpuMeter(db: Database, dialect: "sqlite" | "postgres"): Promise<CpuMeter> {
  const name = nameConnections();
  const backends = async () =>
    dialect === "postgres"
      ? (
          await sql<{ pid: number }>`
            select pid from pg_stat_activity where application_name = ${name}`.execute(db)
        ).rows.map((row) => Number(row.pid))
      : [];
  let pids: number[] = [];
  const serverCpuMs = () => pids.reduce((sum, pid) => sum + (processStat(pid)?.cpuMs ?? 0), 0);
  let process0 = process.cpuUsage();
  let server0 = 0;
  const readable =
    dialect === "postgres" && (await backends()).every((pid) => processStat(pid) !== undefined);
  return {
    serverCounted: readable,
    async start() {
      // The backends are listed before counting starts; listing them costs a query of its own.
      pids = readable ? await backends() : [];
      server0 = serverCpuMs();
      process0 = process.cpuUsage();
    },
    stop() {
      const used = process.cpuUsage(process0);
      return (used.user + used.system) / 1000 + (serverCpuMs() - server0);
    },
  };
}
