import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** Runs `code` in a fresh Node process with the logger imported, and returns what it printed. */
function runWithLogger(code: string, env: Record<string, string> = {}) {
  const child = spawnSync(
    resolve("node_modules/.bin/node"),
    ["--input-type=module", "-e", `import { logger } from "./app/lib/logger.server.ts";\n${code}`],
    { encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env } },
  );
  const lines = (text: string) =>
    text
      .split("\n")
      // Node's own report of an uncaught exception is not a log line.
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status: child.status, stdout: lines(child.stdout), stderr: lines(child.stderr) };
}

describe("logger", () => {
  it("writes one JSON object per line: ISO time, level as a word, event and flat fields", () => {
    const { stdout, stderr } = runWithLogger(
      `logger.info("mail_sent", { mailId: "m_1", attempts: 2 }); logger.warn("slow", {});`,
    );
    expect(stdout).toEqual([
      { time: expect.any(String), level: "info", event: "mail_sent", mailId: "m_1", attempts: 2 },
      { time: expect.any(String), level: "warn", event: "slow" },
    ]);
    expect(new Date(stdout[0]?.time as string).toISOString()).toBe(stdout[0]?.time);
    expect(stderr).toEqual([]);
  });

  it("writes errors on stderr only, with the error's name, message and stack", () => {
    const { stdout, stderr } = runWithLogger(
      `logger.error("enquiry_failed", { error: new TypeError("no table") }); process.exit(3);`,
    );
    expect(stdout).toEqual([]);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatchObject({
      level: "error",
      event: "enquiry_failed",
      error: { name: "TypeError", message: "no table", stack: expect.stringContaining("no table") },
    });
  });

  it("replaces passwords, secrets, tokens, cookies and authorization", () => {
    const { stdout } = runWithLogger(
      `logger.info("attempt", { account: "owner", password: "hunter2-hunter2", newPassword: "x1",
        clientSecret: "s1", resetToken: "t1", cookie: "c1", Authorization: "Bearer b1" });`,
    );
    expect(stdout).toEqual([
      {
        time: expect.any(String),
        level: "info",
        event: "attempt",
        account: "owner",
        password: "[redacted]",
        newPassword: "[redacted]",
        clientSecret: "[redacted]",
        resetToken: "[redacted]",
        cookie: "[redacted]",
        Authorization: "[redacted]",
      },
    ]);
  });

  it("writes only LOG_LEVEL and more severe levels, nothing at silent", () => {
    const code = `logger.info("a"); logger.warn("b"); logger.error("c");`;
    const warn = runWithLogger(code, { LOG_LEVEL: "warn" });
    expect(warn.stdout.map((line) => line.event)).toEqual(["b"]);
    expect(warn.stderr.map((line) => line.event)).toEqual(["c"]);
    const silent = runWithLogger(code, { LOG_LEVEL: "silent" });
    expect([...silent.stdout, ...silent.stderr]).toEqual([]);
    const unset = runWithLogger(code);
    expect(unset.stdout.map((line) => line.event)).toEqual(["a", "b"]);
  });

  it("hands the lines of one turn of the event loop to stdout in one write, in order", () => {
    const { stdout, stderr } = runWithLogger(
      `const writes = [];
      const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = (text) => { writes.push(text.split("\\n").length - 1); return write(text); };
      for (let n = 0; n < 50; n++) logger.info("request", { n });
      setImmediate(() => {
        logger.info("next_turn");
        setImmediate(() => logger.error("writes", { lines: writes }));
      });`,
    );
    expect(stdout.map((line) => line.n ?? line.event)).toEqual([
      ...Array.from({ length: 50 }, (_, n) => n),
      "next_turn",
    ]);
    expect(stderr[0]?.lines).toEqual([50, 1]);
  });

  it("writes whole lines of at most 4,096 bytes at a time, which processes sharing a pipe cannot split", () => {
    const { stdout, stderr } = runWithLogger(
      `const writes = [];
      const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = (text) => { writes.push({ bytes: Buffer.byteLength(text), whole: text.endsWith("\\n") }); return write(text); };
      for (let n = 0; n < 300; n++) logger.info("request", { n, path: "/insights/" + "é".repeat(40) });
      setImmediate(() => logger.error("writes", { writes }));`,
    );
    expect(stdout.map((line) => line.n)).toEqual(Array.from({ length: 300 }, (_, n) => n));
    const writes = stderr[0]?.writes as Array<{ bytes: number; whole: boolean }>;
    expect(writes.length).toBeGreaterThan(5);
    for (const write of writes) {
      expect(write.bytes).toBeLessThanOrEqual(4096);
      expect(write.whole).toBe(true);
    }
  });

  it("writes what is waiting when the process exits or crashes", () => {
    const exited = runWithLogger(`logger.info("a"); logger.warn("b"); process.exit(4);`);
    expect(exited.status).toBe(4);
    expect(exited.stdout.map((line) => line.event)).toEqual(["a", "b"]);
    const crashed = runWithLogger(`logger.info("before_crash"); throw new Error("boom");`);
    expect(crashed.status).toBe(1);
    expect(crashed.stdout.map((line) => line.event)).toEqual(["before_crash"]);
  });
});
