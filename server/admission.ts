import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { logger } from "../app/lib/logger.server.ts";

/*
 * Requests in progress at most `limit` at a time; the others wait their turn in the order they
 * came (decision 0083). Node runs every request on one thread, and a request that renders or
 * posts goes back to the event loop several times (React's scheduler, zlib's threads, the
 * commit's sync): under a crowd, each time it waits behind everything that arrived meanwhile. A
 * /book render after a booking took 0.5-1 s that way in issue 25's crowd, and every /book
 * request waited for it. With a bounded number in progress, one that has started finishes in
 * about its own CPU time, and the wait is spent once, in line, fairly.
 *
 * A slot is held until the answer is handed to the connection (or the connection closes), not
 * until its bytes have left, and not much past `leaseMs` (a sweep every quarter lease takes
 * expired ones back): a client that reads or sends slowly keeps its request, not its slot, so a
 * few slow connections cannot stall the site.
 * Requests that carry a file stream it through their own limits and are let through (`bypass`).
 *
 * Posts go ahead of pages (`ahead`, decision 0088): a person who pressed Send waits for the one
 * request that matters to them (and to the firm), and a post waits on the database between turns
 * of the loop, where a stored page is answered in one. Each line keeps its own arrival order.
 */

export interface AdmissionOptions {
  /** Requests in progress at once; 0 turns admission off. */
  limit: number;
  /** The longest a request keeps its slot (slow clients). */
  leaseMs: number;
  /** Requests let through without a slot (streamed uploads). */
  bypass(req: IncomingMessage): boolean;
  /** Requests that go ahead of the others waiting in line (posts), in their own arrival order. */
  ahead?(req: IncomingMessage): boolean;
  /** A request that waited at least this long is logged (at most once per `reportEveryMs`). */
  reportWaitMs?: number;
  reportEveryMs?: number;
}

export interface Admission {
  listener: RequestListener;
  /** In progress and waiting now (ahead or not). */
  state(): { inProgress: number; waiting: number };
}

export function admitInOrder(inner: RequestListener, options: AdmissionOptions): Admission {
  const { limit, leaseMs, reportWaitMs = 1_000, reportEveryMs = 60_000 } = options;
  type Turn = { req: IncomingMessage; res: ServerResponse; since: number };
  const waiting: Turn[] = [];
  const waitingAhead: Turn[] = [];
  let lastReport = Number.NEGATIVE_INFINITY;

  /*
   * The requests in progress, as the slots they hold and when each was taken. One sweep every
   * quarter lease takes back the expired ones: a timer per request cost a tenth of the rate of a
   * trivial handler (decision 0083).
   */
  const slots = new Set<{ since: number }>();
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const release = (slot: { since: number }) => {
    if (slots.delete(slot)) next();
  };
  const sweep = () => {
    const expired = Date.now() - leaseMs;
    for (const slot of slots) if (slot.since <= expired) release(slot);
  };

  const run = (req: IncomingMessage, res: ServerResponse) => {
    const slot = { since: Date.now() };
    slots.add(slot);
    if (!sweeper) {
      sweeper = setInterval(sweep, Math.max(1, Math.floor(leaseMs / 4)));
      sweeper.unref();
    }
    // Given back once the answer is handed to the connection ("prefinish", emitted inside
    // `res.end()`), or when the connection closes first. Holding it until the bytes had left
    // ("close", after the write completes on a later turn of the loop) let only `limit` stored
    // pages out per turn: /book from the page cache at half the rate.
    const done = () => release(slot);
    res.once("prefinish", done);
    res.once("close", done);
    inner(req, res);
  };

  /*
   * One loop at a time: a request answered at once inside `run` (a redirect) releases its slot
   * and calls `next` again; the loop already running picks up the free slot instead of recursing.
   */
  let draining = false;
  const next = () => {
    if (draining) return;
    draining = true;
    try {
      drain();
    } finally {
      draining = false;
    }
  };
  /** The next in line: the first of those that go ahead, else the first of the others. */
  const nextTurn = (): Turn | undefined =>
    waitingAhead.length > 0 ? waitingAhead.shift() : waiting.shift();
  const drain = () => {
    while (slots.size < limit) {
      const turn = nextTurn();
      if (!turn) return;
      // A client that gave up while in line is not served.
      if (turn.req.destroyed || turn.res.destroyed) continue;
      const waited = Date.now() - turn.since;
      if (waited >= reportWaitMs && turn.since - lastReport >= reportEveryMs) {
        lastReport = turn.since;
        logger.warn("admission_wait_long", {
          waitedMs: waited,
          waiting: waiting.length + waitingAhead.length,
          limit,
        });
      }
      run(turn.req, turn.res);
    }
  };

  const listener: RequestListener = (req, res) => {
    if (limit <= 0 || options.bypass(req)) {
      inner(req, res);
      return;
    }
    const ahead = options.ahead?.(req) ?? false;
    const line = ahead ? waitingAhead : waiting;
    if (slots.size < limit && line.length === 0) run(req, res);
    else line.push({ req, res, since: Date.now() });
  };

  return {
    listener,
    state: () => ({ inProgress: slots.size, waiting: waiting.length + waitingAhead.length }),
  };
}
