import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_DATABASE_URL, loadConfig } from "./config.server";

const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env, { readSecretFile: false });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return "";
};

describe("configuration from the environment", () => {
  it("has working defaults: port 3000, SQLite under data/, localhost base URL", () => {
    const config = loadConfig({}, { readSecretFile: false });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe(DEFAULT_DATABASE_URL);
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.firstAdmin).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it("names a bad PORT in a single line", () => {
    const message = problemsOf({ PORT: "eighty" });
    expect(message).toMatch(/^Invalid configuration: PORT must be a whole number/);
    expect(message).toContain('(got "eighty")');
    expect(message).not.toContain("\n");
    expect(problemsOf({ PORT: "70000" })).toContain("PORT");
  });

  it("names a bad DATABASE_URL", () => {
    expect(problemsOf({ DATABASE_URL: "mysql://localhost/db" })).toContain(
      "DATABASE_URL must be a postgres:// URL or a file: path",
    );
  });

  it("selects PostgreSQL for a postgres:// URL", () => {
    const config = loadConfig(
      {
        DATABASE_URL: "postgres://u@db:5432/site",
        AUTH_SECRET: "s".repeat(40),
        NODE_ENV: "production",
      },
      { readSecretFile: false },
    );
    expect(config.databaseUrl).toBe("postgres://u@db:5432/site");
  });

  it("requires AUTH_SECRET in production with PostgreSQL, and never echoes secrets", () => {
    expect(problemsOf({ DATABASE_URL: "postgres://u@db/site", NODE_ENV: "production" })).toContain(
      "AUTH_SECRET is required in production",
    );
    const message = problemsOf({ AUTH_SECRET: "short-secret-value" });
    expect(message).toContain("AUTH_SECRET must be at least 32 characters");
    expect(message).not.toContain("short-secret-value");
  });

  it("reports every bad variable at once", () => {
    const message = problemsOf({ PORT: "x", SMTP_URL: "http://mail", NOTIFY_TO: "nobody" });
    expect(message).toContain("PORT");
    expect(message).toContain("SMTP_URL must be an smtp:// or smtps:// URL");
    expect(message).toContain("NOTIFY_TO must be an e-mail address");
  });

  it("wants all three ADMIN_ variables or none", () => {
    const message = problemsOf({ ADMIN_USERNAME: "owner" });
    expect(message).toContain("ADMIN_EMAIL must be set together");
    expect(message).toContain("ADMIN_PASSWORD must be set together");
    expect(message).not.toContain("ADMIN_USERNAME must");
    const config = loadConfig(
      {
        ADMIN_USERNAME: "owner",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "a-long-enough-password",
      },
      { readSecretFile: false },
    );
    expect(config.firstAdmin?.username).toBe("owner");
    expect(
      problemsOf({ ADMIN_USERNAME: "o", ADMIN_EMAIL: "o@x.in", ADMIN_PASSWORD: "short" }),
    ).toContain("ADMIN_PASSWORD must be at least 12 characters");
  });

  it("takes the first admin's display name from ADMIN_NAME, optional and at most 80 characters", () => {
    const admin = {
      ADMIN_USERNAME: "owner",
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "a-long-enough-password",
    };
    const named = loadConfig({ ...admin, ADMIN_NAME: "  Asha Sharma " }, { readSecretFile: false });
    expect(named.firstAdmin?.name).toBe("Asha Sharma");
    expect(loadConfig(admin, { readSecretFile: false }).firstAdmin?.name).toBeUndefined();
    expect(problemsOf({ ...admin, ADMIN_NAME: "x".repeat(81) })).toContain(
      "ADMIN_NAME must be at most 80 characters",
    );
  });

  it("reads TRUST_PROXY as the number of proxies in front: true is one, false or unset none", () => {
    const hops = (value?: string) => {
      const config = loadConfig(value === undefined ? {} : { TRUST_PROXY: value }, {
        readSecretFile: false,
      });
      return [config.proxyHops, config.trustProxy];
    };
    expect(hops()).toEqual([0, false]);
    expect(hops("false")).toEqual([0, false]);
    expect(hops("0")).toEqual([0, false]);
    expect(hops("true")).toEqual([1, true]);
    expect(hops("1")).toEqual([1, true]);
    expect(hops(" 2 ")).toEqual([2, true]);
    expect(hops("10")).toEqual([10, true]);
    for (const bad of ["yes", "-1", "11", "1.5"]) {
      expect(problemsOf({ TRUST_PROXY: bad })).toContain(
        "TRUST_PROXY must be true, false or the number of proxies",
      );
    }
  });

  it("reads REQUESTS_IN_PROGRESS as the requests worked on at once: 16 unless set, 0 for no limit", () => {
    const limit = (value?: string) =>
      loadConfig(value === undefined ? {} : { REQUESTS_IN_PROGRESS: value }, {
        readSecretFile: false,
      }).requestsInProgress;
    expect(limit()).toBe(16);
    expect(limit("0")).toBe(0);
    expect(limit("64")).toBe(64);
    for (const bad of ["many", "-1", "2.5", "1001"]) {
      expect(problemsOf({ REQUESTS_IN_PROGRESS: bad })).toContain(
        "REQUESTS_IN_PROGRESS must be a whole number from 0 (no limit) to 1000",
      );
    }
  });

  it("reads WEB_CONCURRENCY as the server processes in production: 1 unless set, auto one per core", () => {
    const processes = (env: Record<string, string>) =>
      loadConfig(env, { readSecretFile: false }).webConcurrency;
    expect(processes({})).toBe(1);
    expect(processes({ WEB_CONCURRENCY: "2" })).toBe(2);
    expect(processes({ WEB_CONCURRENCY: " 4 " })).toBe(4);
    expect(processes({ WEB_CONCURRENCY: "auto" })).toBe(Math.min(64, availableParallelism()));
    // Development runs Vite in the one process, whatever is set.
    expect(processes({ WEB_CONCURRENCY: "4", NODE_ENV: "development" })).toBe(1);
    for (const bad of ["0", "many", "2.5", "-1", "65"]) {
      expect(problemsOf({ WEB_CONCURRENCY: bad })).toContain(
        'WEB_CONCURRENCY must be a whole number from 1 to 64, or "auto" (one per core)',
      );
    }
  });

  it("strips a trailing slash from BASE_URL", () => {
    expect(
      loadConfig({ BASE_URL: "https://firm.example.in/" }, { readSecretFile: false }).baseUrl,
    ).toBe("https://firm.example.in");
  });

  describe("the embedded auth secret", () => {
    let dir: string;
    let cwd: string;
    beforeEach(() => {
      cwd = process.cwd();
      dir = mkdtempSync(join(tmpdir(), "trc-config-"));
      process.chdir(dir);
    });
    afterEach(() => {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    });

    it("is generated once under data/ and reused on the next start", () => {
      const first = loadConfig({}).authSecret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(join(dir, "data/auth-secret"), "utf8").trim()).toBe(first);
      expect(loadConfig({}).authSecret).toBe(first);
    });
  });
});
