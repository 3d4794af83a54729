import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const app = fileURLToPath(new URL("./app", import.meta.url));

/**
 * Two projects, one run: `integration` (unit and database tests, on SQLite and PostgreSQL) and
 * `e2e` (Chromium against the built server). The React Router Vite plugin is not loaded here.
 */
export default defineConfig({
  resolve: { alias: { "~": app } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/build-once.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser round trip can take seconds on a loaded two-core machine; 1 s (the default)
          // made polls on server work flaky.
          expect: { poll: { timeout: 10_000 } },
          // CI (.ci/run) allows one retry of a failed browser test, and names every test that
          // needed it; locally a failure is a failure (docs/decisions/0008).
          retry: Number(process.env.E2E_RETRIES ?? 0),
          // Each file starts its own server and browser; two cores take two at a time.
          maxWorkers: 2,
        },
      },
    ],
  },
});
