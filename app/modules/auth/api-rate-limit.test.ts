import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { databaseRateLimitStorage } from "./api-rate-limit.server";
import { CLIENT_ADDRESS_HEADER, createAuth } from "./auth.server";

const config = loadConfig(
  {
    NODE_ENV: "production",
    BASE_URL: "http://127.0.0.1:3000",
    AUTH_SECRET: "a-test-secret-that-is-long-enough-000000",
  },
  { readSecretFile: false },
);

describe.each(DIALECTS)("better-auth's request limiter, stored in the %s database", (dialect) => {
  let t: TestDatabase;
  // A second connection to the same database: the other instance.
  let other: DatabaseHandle;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    other = openDatabase(t.url);
  });
  afterAll(async () => {
    await other.close();
    await t.destroy();
  });

  it("counts requests to either instance against one allowance, and frees it when the window ends", async () => {
    let now = Date.parse("2026-11-23T10:00:00.000Z");
    const clock = () => now;
    const instances = [
      databaseRateLimitStorage(t.db, clock),
      databaseRateLimitStorage(other.db, clock),
    ];
    const rule = { window: 10, max: 3 };
    const answers = [];
    for (let request = 0; request < 4; request += 1) {
      answers.push(await instances[request % 2]!.consume("198.51.100.7|/sign-in/social", rule));
      now += 1000;
    }
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
    // The window opened at the first request, 3 s before the refused one.
    expect(answers[3]?.retryAfter).toBe(7);
    // Another address or another path has an allowance of its own.
    expect((await instances[0]!.consume("198.51.100.8|/sign-in/social", rule)).allowed).toBe(true);
    expect((await instances[1]!.consume("198.51.100.7|/get-session", rule)).allowed).toBe(true);

    now += 6000;
    expect(await instances[1]!.consume("198.51.100.7|/sign-in/social", rule)).toEqual({
      allowed: true,
      retryAfter: null,
    });
  });

  it("lets exactly `max` of many simultaneous requests through", async () => {
    const instances = [databaseRateLimitStorage(t.db), databaseRateLimitStorage(other.db)];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        instances[i % 2]!.consume("203.0.113.9|/list-sessions", { window: 60, max: 10 }),
      ),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
  });

  it("is what better-auth uses: two auth instances on one database refuse the fourth social sign-in", async () => {
    const auths = [createAuth(config, t), createAuth(config, other)];
    const statuses: number[] = [];
    for (let request = 0; request < 4; request += 1) {
      const response = await auths[request % 2]!.handler(
        new Request(`${config.baseUrl}/api/auth/sign-in/social`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: config.baseUrl,
            [CLIENT_ADDRESS_HEADER]: "192.0.2.44",
          },
          body: JSON.stringify({ provider: "github" }),
        }),
      );
      statuses.push(response.status);
    }
    // better-auth allows three sign-in attempts per 10 s per address (no provider is configured
    // here, so the first three are refused for that reason, not by the limiter).
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    // The count is in the database, where every instance reads it (not in this process's memory).
    const rows = await t.db
      .selectFrom("loginThrottle")
      .select(["key", "failures"])
      .where("key", "like", "api:%192.0.2.44%")
      .execute();
    expect(rows.map((row) => [row.key.includes("/sign-in/social"), Number(row.failures)])).toEqual([
      [true, 4],
    ]);
  });
});
