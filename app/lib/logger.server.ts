/**
 * Structured logs: one JSON object per line on stdout (errors on stderr), easy to ship and grep.
 * Callers pass fields, never raw requests, so that cookies, passwords and tokens stay out.
 */
type Level = "info" | "warn" | "error";

/** LOG_LEVEL (checked at start by config.server.ts) sets the least severe level written. */
const SEVERITY: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

const REDACTED_KEYS = /pass(word)?|secret|token|cookie|authorization/i;

function serialise(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (REDACTED_KEYS.test(key)) out[key] = "[redacted]";
    else if (value instanceof Error)
      out[key] = { name: value.name, message: value.message, stack: value.stack };
    else out[key] = value;
  }
  return out;
}

function write(level: Level, event: string, fields: Record<string, unknown> = {}) {
  // Read per call so that a test can raise or lower the level around the code it watches.
  if ((SEVERITY[process.env.LOG_LEVEL || "info"] ?? 30) > (SEVERITY[level] ?? 0)) return;
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    event,
    ...serialise(fields),
  });
  (level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const logger = {
  info: (event: string, fields?: Record<string, unknown>) => write("info", event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write("warn", event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write("error", event, fields),
};
