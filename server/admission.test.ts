import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "../app/lib/logger.server.ts";
import { admitInOrder } from "./admission.ts";

/*
 * Requests in progress at most `limit` at a time, the others started in the order they came
 * (decision 0083): what keeps a /book render or a post from being overtaken, turn after turn of
 * the event loop, by every request that arrives after it.
 */

class FakeResponse extends EventEmitter {
  destroyed = false;
  /** The answer is sent: the response closes, as Node's does after "finish". */
  answer() {
    this.emit("close");
  }
}

function request(name: string, { upload = false } = {}) {
  const req = Object.assign(new EventEmitter(), {
    name,
    destroyed: false,
    method: "POST",
    url: upload ? "/careers/apply" : "/contact",
  }) as unknown as IncomingMessage & { name: string };
  const res = new FakeResponse();
  return { req, res, serverResponse: res as unknown as ServerResponse };
}

describe("admission of requests in arrival order", () => {
  let started: string[];
  const inner = (req: IncomingMessage) => {
    started.push((req as IncomingMessage & { name: string }).name);
  };

  beforeEach(() => {
    started = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("works on at most `limit` requests and starts the next in line as each is answered", () => {
    const admission = admitInOrder(inner, { limit: 2, leaseMs: 2_000, bypass: () => false });
    const requests = ["a", "b", "c", "d", "e"].map((name) => request(name));
    for (const { req, serverResponse } of requests) admission.listener(req, serverResponse);
    expect(started).toEqual(["a", "b"]);
    expect(admission.state()).toEqual({ inProgress: 2, waiting: 3 });

    requests[1]?.res.answer();
    expect(started).toEqual(["a", "b", "c"]);
    requests[0]?.res.answer();
    requests[2]?.res.answer();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    // An answer counted twice (close after a lease ran out) frees one slot, once.
    requests[2]?.res.answer();
    expect(admission.state()).toEqual({ inProgress: 2, waiting: 0 });
  });

  it("takes the slot back from a slow client after the lease, leaving its request running", () => {
    const admission = admitInOrder(inner, { limit: 1, leaseMs: 2_000, bypass: () => false });
    const slow = request("slow");
    const next = request("next");
    admission.listener(slow.req, slow.serverResponse);
    admission.listener(next.req, next.serverResponse);
    vi.advanceTimersByTime(1_999);
    expect(started).toEqual(["slow"]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual(["slow", "next"]);
    slow.res.answer();
    expect(admission.state()).toEqual({ inProgress: 1, waiting: 0 });
  });

  it("lets a streamed upload through without a slot, and everything when the limit is 0", () => {
    const isUpload = (req: IncomingMessage) => req.url === "/careers/apply";
    const admission = admitInOrder(inner, { limit: 1, leaseMs: 2_000, bypass: isUpload });
    const first = request("first");
    const cv = request("cv", { upload: true });
    admission.listener(first.req, first.serverResponse);
    admission.listener(cv.req, cv.serverResponse);
    expect(started).toEqual(["first", "cv"]);
    expect(admission.state()).toEqual({ inProgress: 1, waiting: 0 });

    const unlimited = admitInOrder(inner, { limit: 0, leaseMs: 2_000, bypass: () => false });
    for (const name of ["x", "y", "z"]) {
      const { req, serverResponse } = request(name);
      unlimited.listener(req, serverResponse);
    }
    expect(started).toEqual(["first", "cv", "x", "y", "z"]);
  });

  it("skips a request whose client left while it waited", () => {
    const admission = admitInOrder(inner, { limit: 1, leaseMs: 2_000, bypass: () => false });
    const first = request("first");
    const gone = request("gone");
    const last = request("last");
    for (const { req, serverResponse } of [first, gone, last])
      admission.listener(req, serverResponse);
    gone.res.destroyed = true;
    first.res.answer();
    expect(started).toEqual(["first", "last"]);
  });

  it("logs a long wait in line, once per report period", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const admission = admitInOrder(inner, {
      limit: 1,
      leaseMs: 60_000,
      bypass: () => false,
      reportWaitMs: 1_000,
      reportEveryMs: 60_000,
    });
    const requests = ["a", "b", "c"].map((name) => request(name));
    for (const { req, serverResponse } of requests) admission.listener(req, serverResponse);
    vi.advanceTimersByTime(1_500);
    requests[0]?.res.answer();
    requests[1]?.res.answer();
    expect(started).toEqual(["a", "b", "c"]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      "admission_wait_long",
      expect.objectContaining({ waitedMs: 1_500, limit: 1 }),
    );
  });
});
