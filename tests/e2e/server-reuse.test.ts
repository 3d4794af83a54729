import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import { startServer, type TestServer } from "../support/server";

/**
 * A browser-test worker's server process serves its next file too (decision 0095). The next file
 * must get a site of its own all the same: its own database, port, environment and output, and
 * nothing the last file's site kept in memory, its stored public pages above all (a copy of the
 * template starts at the same content version, so a page kept from the last file would look
 * current).
 */
const started: TestServer[] = [];
afterAll(async () => {
  for (const server of started) if (server.process.exitCode === null) await server.stop("SIGKILL");
});

async function start(env: Record<string, string> = {}) {
  const server = await startServer(env);
  started.push(server);
  return server;
}

async function homePage(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/`, { headers });
  expect(response.status).toBe(200);
  return { html: await response.text(), cache: response.headers.get("x-cache") };
}

describe("a test server reused by the worker's next file", () => {
  it("opens the next file's site on a fresh database: no page, data or output of the last", async () => {
    const first = await start();
    // The first file's site names itself differently (written straight into its database, as
    // a test would), and the home page stored from it says so.
    const database = openDatabase(first.databaseUrl);
    try {
      await saveGeneralSettings(database.db, {
        ...DEFAULT_GENERAL_SETTINGS,
        siteName: "Reused Process Marker Firm",
      });
    } finally {
      await database.close();
    }
    expect((await homePage(first)).html).toContain("Reused Process Marker Firm");
    expect((await homePage(first)).cache).toBe("HIT");
    const firstPid = first.process.pid;
    expect(await first.stop()).toBe(0);

    const second = await start();
    expect(second.process.pid).toBe(firstPid);
    expect(second.port).not.toBe(first.port);
    expect(second.databaseUrl).not.toBe(first.databaseUrl);
    // Not the stored page of the last site: rendered afresh from this site's own database.
    const home = await homePage(second);
    expect(home.cache).not.toBe("HIT");
    expect(home.html).not.toContain("Reused Process Marker Firm");
    expect(home.html).toContain(DEFAULT_GENERAL_SETTINGS.siteName);
    expect(second.output()).not.toContain(`127.0.0.1:${first.port}`);
    expect(second.output()).toContain(`127.0.0.1:${second.port}`);
    // The last site is closed: its port answers nothing.
    await expect(fetch(`${first.url}/readyz`)).rejects.toThrow();
    await second.stop();
  });

  it("takes each file's environment: TRUST_PROXY on for one file and off for the next", async () => {
    const trusting = await start({ TRUST_PROXY: "true" });
    const pid = trusting.process.pid;
    await fetch(`${trusting.url}/`, { headers: { "X-Forwarded-For": "203.0.113.77" } });
    await expect.poll(() => trusting.output()).toContain('"address":"203.0.113.77"');
    await trusting.stop();
    const plain = await start();
    expect(plain.process.pid).toBe(pid);
    await fetch(`${plain.url}/`, { headers: { "X-Forwarded-For": "203.0.113.78" } });
    await expect.poll(() => plain.output()).toContain('"address":"127.0.0.1"');
    // The address logged is the one the proxy header names only where the file trusts proxies.
    expect(plain.output()).not.toContain("203.0.113.78");
    expect(plain.output()).not.toContain("203.0.113.77");
    await plain.stop();
  });

  it("ends for good on a signal, and the next start is a new process", async () => {
    const server = await start();
    const pid = server.process.pid;
    expect(await server.stop("SIGTERM")).toBe(0);
    const next = await start();
    expect(next.process.pid).not.toBe(pid);
    await next.stop();
  });
});
