import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { processStat } from "../support/process-stat";
import { startServer, type TestServer } from "../support/server";

/*
 * WEB_CONCURRENCY=2 (decision 0087): the built server as two processes on one port and one
 * SQLite file, started, crashed and stopped as an operator would see it.
 */

let server: TestServer;
/** Every server the file started, each stopped at the end (a stopped one is let be). */
const started: TestServer[] = [];

async function startProcesses(env: Record<string, string>): Promise<TestServer> {
  server = await startServer({ WEB_CONCURRENCY: "2", ...env });
  started.push(server);
  await waitForLines("server_processes_ready", 1);
  // Each process prints its own line, on its own turn: it may come after the primary's.
  await waitForLines("server_listening", 2);
  return server;
}

/** The JSON lines the server printed with this event. */
function logLines(event: string): Array<Record<string, unknown>> {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"event":"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits until the server has printed `count` lines with this event (or gives up after 60 s). */
async function waitForLines(event: string, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (logLines(event).length < count) {
    if (Date.now() > deadline) throw new Error(`No ${count} "${event}" lines:\n${server.output()}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** The server processes now: those that said they listen and are still alive. */
function serverProcesses(): number[] {
  return logLines("server_listening")
    .map((line) => line.pid as number)
    .filter((pid) => processStat(pid) !== undefined);
}

afterAll(async () => {
  for (const each of started) await each.stop();
});

describe("two server processes on one port", () => {
  beforeAll(async () => {
    await startProcesses({ TRUST_PROXY: "1" });
  });

  it("runs two processes under the one started, the first alone before the second", () => {
    const processes = serverProcesses();
    expect(processes).toHaveLength(2);
    for (const pid of processes) expect(processStat(pid)?.parent).toBe(server.process.pid);
    expect(logLines("server_processes_ready")[0]?.count).toBe(2);
  });

  it("stores every enquiry posted at once through both, as a visitor's form posts it", async () => {
    const posts = 40;
    const tokens = await Promise.all(
      Array.from({ length: posts }, async () => {
        const response = await fetch(`${server.url}/api/enquiries/token`);
        return ((await response.json()) as { token: string }).token;
      }),
    );
    // A person takes more than 3 s to fill the form in; a faster post is asked to confirm.
    await new Promise((done) => setTimeout(done, 3_500));
    const before = serverProcesses().map((pid) => processStat(pid)?.cpuMs ?? 0);
    const run = Date.now().toString(36);
    const emails = tokens.map((_, n) => `processes-${run}-${n}@example.in`);
    const statuses = await Promise.all(
      tokens.map(async (formToken, n) => {
        const response = await fetch(`${server.url}/api/enquiries`, {
          method: "POST",
          body: new URLSearchParams({
            firstName: "Asha",
            lastName: "Menon",
            email: emails[n] as string,
            company: "Two Processes Pvt Ltd",
            message: "Please call me about salary benchmarking.",
            formToken,
            hp_comment: "",
          }),
          // Each its own visitor (TRUST_PROXY=1), so that no address limit refuses them.
          headers: { "x-forwarded-for": `198.18.7.${n + 1}`, connection: "close" },
          redirect: "manual",
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
    // Both processes did the work: each spent CPU time on the posts.
    const after = serverProcesses().map((pid) => processStat(pid)?.cpuMs ?? 0);
    expect(after).toHaveLength(2);
    for (const [n, ms] of after.entries()) expect(ms - (before[n] ?? ms)).toBeGreaterThan(0);

    const database = openDatabase(server.databaseUrl);
    try {
      const stored = await database.db
        .selectFrom("enquiries")
        .select("email")
        .where("email", "in", emails)
        .execute();
      expect(stored.map((row) => row.email).sort()).toEqual([...emails].sort());
    } finally {
      await database.close();
    }
  });

  it("replaces a process that dies, and the site answers meanwhile", async () => {
    const [victim, survivor] = serverProcesses() as [number, number];
    process.kill(victim, "SIGKILL");
    await waitForLines("server_process_exited", 1);
    expect(logLines("server_process_exited")[0]?.pid).toBe(victim);
    await expect.poll(() => serverProcesses().length, { timeout: 60_000 }).toBe(2);
    const now = serverProcesses();
    expect(now).toContain(survivor);
    expect(now).not.toContain(victim);
    for (let n = 0; n < 6; n++) {
      const response = await fetch(`${server.url}/`, { headers: { connection: "close" } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });

  it("stops every process on SIGTERM, each finishing its requests, and exits 0", async () => {
    const processes = serverProcesses();
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(logLines("shutdown_complete").length).toBeGreaterThanOrEqual(2);
    for (const pid of processes) expect(processStat(pid)).toBeUndefined();
  });
});

describe("a process that keeps dying", () => {
  it("stops the site after three early deaths in a row instead of looping, and exits 1", async () => {
    await startProcesses({});
    const first = serverProcesses()[0] as number;
    // Each death within 30 s of its start counts; the third in a row ends the site.
    for (let death = 1; death <= 3; death++) {
      const newest = serverProcesses().at(-1) as number;
      expect(newest).not.toBe(first);
      process.kill(newest, "SIGKILL");
      await waitForLines("server_process_exited", death);
      if (death < 3) await waitForLines("server_listening", 2 + death);
    }
    await waitForLines("server_processes_giving_up", 1);
    const code = await new Promise<number | null>((done) => {
      if (server.process.exitCode !== null) done(server.process.exitCode);
      else server.process.once("exit", (exitCode) => done(exitCode));
    });
    expect(code).toBe(1);
    // The first process was stopped gracefully, not left behind.
    expect(processStat(first)).toBeUndefined();
    expect(logLines("shutdown_complete").length).toBeGreaterThanOrEqual(1);
  });
});
