/**
 * The Node server, loaded by the entry (server/main.ts): reads the configuration, loads the app
 * and opens its site (server/open-site.ts), shuts down gracefully, and, for a reused test
 * server only, opens the site again on the next test file's environment (decision 0095).
 * Run directly by Node (type stripping), so it imports only relative `.ts` files and packages.
 */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type AppConfig, ConfigError, loadConfig } from "../app/config.server.ts";
import { logger } from "../app/lib/logger.server.ts";
import { BUILD_DIR, type LoadedApp, type OpenSite, openSite } from "./open-site.ts";

/** Configuration from the environment, or a plain message and exit 1 when it is not valid. */
function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = configOrExit();
  const dev = config.env === "development";

  const vite = dev
    ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }))
    : undefined;
  const loadApp = async (): Promise<LoadedApp> =>
    vite
      ? ((await vite.ssrLoadModule("./server/app.ts")) as LoadedApp)
      : ((await import(pathToFileURL(resolve(BUILD_DIR, "server/index.js")).href)) as LoadedApp);

  const appModule = await loadApp();
  let site: OpenSite | undefined = await openSite({ appModule, loadApp, config, vite });
  if (!site) {
    await vite?.close();
    process.exit(1);
  }

  // Graceful shutdown: stop accepting, let in-flight requests finish, close the database, exit 0.
  let exiting = false;
  const shutdown = async (signal: string) => {
    if (exiting) return;
    exiting = true;
    logger.info("shutdown_started", { signal });
    await site?.close({ drain: true });
    await vite?.close();
    logger.info("shutdown_complete");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // One of several server processes (server/server-processes.ts) whose primary has gone: no
  // connection will be handed to it any more, so it stops instead of lingering.
  if (cluster.isWorker) process.once("disconnect", () => void shutdown("disconnect"));

  // A browser-test worker's server, reused by the worker's next test file (decision 0095): the
  // process that started it (and only that one, through the IPC channel Node gives a child it
  // spawns with one) closes the site and opens it again on the next file's database and
  // environment, with every module already loaded and warm. Only with TEST_SERVER_REUSE=1.
  if (process.env.TEST_SERVER_REUSE === "1" && process.send && !cluster.isWorker) {
    let busy = Promise.resolve();
    process.on("message", (message: TestServerMessage) => {
      busy = busy.then(async () => {
        if (exiting) return;
        // The test file that used the site has finished: nothing in flight is wanted any more.
        await site?.close({ drain: false });
        site = undefined;
        if (message.type === "reuse") {
          for (const name of Object.keys(process.env)) delete process.env[name];
          Object.assign(process.env, message.env);
          site = await openSite({ appModule, loadApp, config: configOrExit(), vite });
          if (!site) process.exit(1);
        }
        process.send?.({ type: message.type === "reuse" ? "reused" : "parked" });
      });
    });
    process.once("disconnect", () => void shutdown("disconnect"));
  }
}

/** What the process that started a reusable test server sends it (see main). */
type TestServerMessage = { type: "reuse"; env: Record<string, string> } | { type: "park" };

if (!existsSync(resolve("package.json"))) {
  process.stderr.write("Start the server from the project folder.\n");
  process.exit(1);
}
await main();
