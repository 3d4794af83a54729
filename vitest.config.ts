import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongFilesFirstSequencer } from "./tests/support/long-files-first";

const app = fileURLToPath(new URL("./app", import.meta.url));

/**
 * Two projects, one run: `integration` (unit and database tests, on SQLite and PostgreSQL) and
 * `e2e` (Chromium against the built server). The React Router Vite plugin is not loaded here.
 * They run one after the other, integration first (`sequence.groupOrder`: 0, the default, then
 * 1), each on both cores: Vitest's default on two cores is one worker, and a project with one
 * worker and no group order of its own would run after all the others.
 */
export default defineConfig({
  resolve: { alias: { "~": app } },
  test: {
    maxWorkers: 2,
    // The long browser test files start first, those that mostly wait one at a time between busy
    // ones (tests/support/long-files-first.ts, decision 0096).
    sequence: { sequencer: LongFilesFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "integration",
          // The files of a worker share its loaded modules instead of importing the app afresh
          // for each (half the CPU of this project, decision 0039). Each file still gets its own
          // database (tests/support/test-database.ts), and spies are put back after each test.
          isolate: false,
          restoreMocks: true,
          // Three files at a time on two cores: a database test waits on PostgreSQL (a new
          // database per file, commits) as much as it computes (decision 0039).
          maxWorkers: 3,
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          // Names the run; its PostgreSQL test databases go from file to file (decision 0086).
          globalSetup: ["tests/support/test-databases-setup.ts"],
          // Quick password hashes in these processes (the browser tests' servers keep full cost).
          setupFiles: ["tests/support/integration-setup.ts"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          // As in integration: a worker's files share its loaded modules (Playwright's client
          // among them); each file has its own site (a server process reused from the worker's
          // last file, decision 0095), database and browser contexts.
          isolate: false,
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/build-once.ts", "tests/support/test-databases-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser round trip can take seconds on a loaded two-core machine; 1 s (the default)
          // made polls on server work flaky.
          expect: { poll: { timeout: 10_000 } },
          // CI (.ci/run) allows one retry of a failed browser test, and names every test that
          // needed it; locally a failure is a failure (docs/decisions/0008).
          retry: Number(process.env.E2E_RETRIES ?? 0),
          // Three files at a time on two cores: a browser test spends much of its time waiting
          // (a person's 3 s at a form, a mail, a restart), and with two the cores sat 20-50% idle
          // (decision 0039).
          maxWorkers: 3,
          // After the integration project (group 0), with both cores to itself. Each file opens
          // its own site on a copy of the run's template database (in the worker's reused server
          // process, decision 0095) and connects to the run's one Chromium
          // (tests/support/build-once.ts, decision 0035).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
