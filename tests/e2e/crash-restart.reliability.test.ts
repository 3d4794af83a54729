import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DialectName } from "~/db/dialect";
import { waitUntil } from "../support/cluster";
import { freePort, startServer, type TestServer } from "../support/server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/test-database";
import { acknowledged, freshAddress, run, sleep, timeout } from "./several-instances-cluster";

/*
 * Issue 12, "tests that keep it this way": one server (SQLite, the single-process set-up, and
 * PostgreSQL) takes a burst of valid enquiries while it is killed with SIGKILL and restarted
 * several times; every enquiry it acknowledged is in the database afterwards, once. The same
 * visitor moves as the two-instance test behind nginx (several-instances.restart.test.ts), without
 * the proxy: a post in flight at the kill simply fails, and the visitor sees that it did.
 */

const KILLS = 3;
/** Acknowledged posts between two kills: the server is really back and taking posts. */
const POSTS_BETWEEN_KILLS = 12;
const POSTERS = 6;

type PostResult = { email: string; status?: number; error?: string };

describe.each(DIALECTS)(
  "a server killed and restarted under a burst of enquiries (%s)",
  (dialect) => {
    let database: TestDatabase;
    let server: TestServer | undefined;
    let port: number;
    const tokens: string[] = [];
    let tokensReadyAt = 0;

    const start = async () => {
      // The same port and database each time, as a process manager restarts the same site. The
      // test names each visitor's address in X-Forwarded-For, so per-address limits stay apart.
      server = await startServer(
        { TRUST_PROXY: "true", LOG_LEVEL: "warn" },
        { port, databaseUrl: database.url },
      );
    };

    beforeAll(async () => {
      // Left unmigrated: the server migrates it at its first start, as in production.
      database = await createTestDatabase(dialect as DialectName, { migrate: false });
      port = await freePort();
      await start();
      // Form tokens as the form gets them, ahead of the burst: a token must be 3 s old before a
      // post counts as human, and it stays valid across restarts (signed with AUTH_SECRET).
      const url = server?.url;
      for (let batch = 0; batch < 8; batch++) {
        const fetched = await Promise.all(
          Array.from({ length: 25 }, async () => {
            const response = await fetch(`${url}/api/enquiries/token`, { signal: timeout() });
            return ((await response.json()) as { token: string }).token;
          }),
        );
        tokens.push(...fetched);
      }
      tokensReadyAt = Date.now() + 3_500;
    }, 120_000);

    afterAll(async () => {
      await server?.stop("SIGTERM");
      await database?.destroy();
    });

    /** Posts an enquiry as the form does with JavaScript; resolves with the status or the error. */
    async function postEnquiry(email: string, token: string): Promise<PostResult> {
      const body = new URLSearchParams({
        firstName: "Asha",
        lastName: "Menon",
        email,
        company: "Crash Test Pvt Ltd",
        message: "Please call me about salary benchmarking.",
        formToken: token,
        hp_comment: "",
      });
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/enquiries`, {
          method: "POST",
          body,
          headers: { "x-forwarded-for": freshAddress() },
          redirect: "manual",
          signal: timeout(),
        });
        await response.arrayBuffer();
        return { email, status: response.status };
      } catch (error) {
        return { email, error: String((error as Error).cause ?? error) };
      }
    }

    it("stores every enquiry it acknowledged, exactly once", async () => {
      const results: PostResult[] = [];
      let posting = true;
      let sent = 0;
      const wait = tokensReadyAt - Date.now();
      if (wait > 0) await sleep(wait);
      // Visitors posting back to back (no pause), so that posts are in flight at every kill.
      const poster = async () => {
        while (posting) {
          const token = tokens.shift();
          if (!token) return;
          sent += 1;
          const result = await postEnquiry(`crash-${dialect}-${sent}-${run}@example.com`, token);
          results.push(result);
          if (result.error?.includes("ECONNREFUSED")) {
            // The server is down and never saw this post: its token is still unused, and a pause
            // keeps the visitors from spinning on a closed port until the restart.
            tokens.unshift(token);
            await sleep(200);
          }
        }
      };
      const posters = Promise.all(Array.from({ length: POSTERS }, poster));
      const acknowledgedCount = () => results.filter(acknowledged).length;
      const exitCodes: (number | null)[] = [];
      try {
        for (let kill = 0; kill < KILLS; kill++) {
          const before = acknowledgedCount();
          await waitUntil(
            () => acknowledgedCount() >= before + POSTS_BETWEEN_KILLS,
            () =>
              `posts were not acknowledged after restart ${kill}: ${JSON.stringify(results.slice(-6))}`,
            45_000,
          );
          exitCodes.push(await (server as TestServer).stop("SIGKILL"));
          await start();
        }
        const before = acknowledgedCount();
        await waitUntil(
          () => acknowledgedCount() >= before + POSTS_BETWEEN_KILLS,
          () => "posts were not acknowledged after the last restart",
          45_000,
        );
      } finally {
        posting = false;
        await posters;
      }

      // Killed by the signal each time (no exit code), not stopped gracefully.
      expect(exitCodes).toEqual(Array(KILLS).fill(null));
      const ok = results.filter(acknowledged);
      expect(ok.length).toBeGreaterThanOrEqual((KILLS + 1) * POSTS_BETWEEN_KILLS);
      // Every answer was either an acknowledgement or a failed connection, never a refusal.
      expect(results.filter((r) => r.status !== undefined && !acknowledged(r))).toEqual([]);

      const rows = await database.db
        .selectFrom("enquiries")
        .select("email")
        .where(
          "email",
          "in",
          ok.map((r) => r.email),
        )
        .execute();
      const stored = new Map<string, number>();
      for (const row of rows) stored.set(row.email, (stored.get(row.email) ?? 0) + 1);
      const lost = ok.filter((r) => stored.get(r.email) !== 1);
      expect(lost, "acknowledged but not stored exactly once").toEqual([]);
    }, 120_000);
  },
);
