import { type LevelWithSilent, type Logger, pino } from "pino";

/**
 * Structured logs written by pino: one JSON object per line on stdout (errors on stderr), e.g.
 * `{"level":"info","time":"2026-…Z","mailId":"…","event":"mail_sent"}`. Callers pass an event name
 * and flat fields, never raw requests, so that cookies, passwords and tokens stay out; fields
 * whose name says password, secret, token, cookie or authorization are replaced all the same.
 */

const LEVELS: readonly string[] = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];
const REDACTED_KEYS = /pass(word)?|secret|token|cookie|authorization/i;

/** Every line's fields: secrets replaced, errors as name, message and stack. Copies only if needed. */
function safeFields(fields: Record<string, unknown>): Record<string, unknown> {
  let out = fields;
  for (const key in fields) {
    const value = fields[key];
    const safe = REDACTED_KEYS.test(key)
      ? "[redacted]"
      : value instanceof Error
        ? { name: value.name, message: value.message, stack: value.stack }
        : value;
    if (safe !== value) {
      if (out === fields) out = { ...fields };
      out[key] = safe;
    }
  }
  return out;
}

/**
 * The most bytes one write holds: PIPE_BUF, what Linux writes to a pipe in one piece. Several
 * server processes (WEB_CONCURRENCY, decision 0087) share one stdout, and a longer write could be
 * interleaved with another process's, splitting lines.
 */
const BATCH_LIMIT = 4096;

/**
 * A stream for pino that gathers the lines written during one turn of the event loop and hands
 * them to `target` in one write when the turn ends (`setImmediate`); a line that would take the
 * batch past `BATCH_LIMIT` bytes first sends what is waiting, so every write is whole lines of at
 * most that size (or one longer line alone). Lines keep their order. Nothing is left in memory at
 * exit: the "exit" handler writes what is waiting, synchronously (process.stdout writes files and
 * pipes synchronously on Linux), on `process.exit`, a signal handled by the server and an uncaught
 * exception alike; only a process killed outright (SIGKILL) loses the lines of its last turn.
 * pino's sonic-boom was not used: it writes asynchronously and can drop a line in flight at exit.
 */
function batchedLines(target: { write(text: string): unknown }) {
  let waiting = "";
  let waitingBytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (waiting === "") return;
    const text = waiting;
    waiting = "";
    waitingBytes = 0;
    target.write(text);
  };
  process.once("exit", flush);
  return {
    write(line: string) {
      const bytes = Buffer.byteLength(line);
      if (waitingBytes + bytes > BATCH_LIMIT) flush();
      waiting += line;
      waitingBytes += bytes;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
  };
}

/**
 * The process's one batch for stdout. This module is loaded twice in the server (from source by
 * server/, and inside the app's build), and both loggers must share one queue for lines to stay
 * in order.
 */
function stdoutLines(): ReturnType<typeof batchedLines> {
  const key = Symbol.for("total-rewards.stdout-lines");
  const shared = globalThis as { [key]?: ReturnType<typeof batchedLines> };
  shared[key] ??= batchedLines(process.stdout);
  return shared[key];
}

function createLog(): Logger {
  // LOG_LEVEL is checked at start by config.server.ts, which stops the process on a bad value;
  // the fallback only keeps this module loadable until that check has run.
  const level = process.env.LOG_LEVEL;
  return pino(
    {
      level: level && LEVELS.includes(level) ? (level as LevelWithSilent) : "info",
      base: undefined, // no pid and hostname on every line
      messageKey: "event",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: safeFields },
    },
    // Errors go out at once, one write each (process.stderr writes files and pipes
    // synchronously on Linux). The other lines are gathered for one turn of the event loop and
    // written together (`batchedLines`): a write per request line was a tenth of the server's
    // CPU under load on stored pages (decision 0085).
    pino.multistream(
      [
        { level: "trace", stream: stdoutLines() },
        { level: "error", stream: process.stderr },
      ],
      { dedupe: true }, // error and fatal on stderr only
    ),
  );
}

/** The pino instance, for the request log (server/request-log.ts) and for tests. */
export const log: Logger = createLog();

type Fields = Record<string, unknown>;

export const logger = {
  info: (event: string, fields: Fields = {}) => log.info(fields, event),
  warn: (event: string, fields: Fields = {}) => log.warn(fields, event),
  error: (event: string, fields: Fields = {}) => log.error(fields, event),
};
