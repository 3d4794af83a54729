import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
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
  /** The answer is handed to the connection (Node emits "prefinish" inside `res.end()`). */
  end() {
    this.emit("prefinish");
  }
}

function request(name: string, { upload = false, method = "POST" } = {}) {
  const req = Object.assign(new EventEmitter(), {
    name,
    destroyed: false,
    method,
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

  it("starts posts waiting in line before the pages that came earlier, each in arrival order", () => {
    const admission = admitInOrder(inner, {
      limit: 1,
      leaseMs: 2_000,
      bypass: () => false,
      ahead: (req) => req.method === "POST",
    });
    const busy = request("busy", { method: "GET" });
    const line = [
      request("page 1", { method: "GET" }),
      request("page 2", { method: "GET" }),
      request("post 1"),
      request("page 3", { method: "GET" }),
      request("post 2"),
    ];
    for (const { req, serverResponse } of [busy, ...line]) admission.listener(req, serverResponse);
    expect(admission.state()).toEqual({ inProgress: 1, waiting: 5 });

    busy.res.answer();
    expect(started).toEqual(["busy", "post 1"]);
    // A post that comes while pages wait still goes before them, behind the post waiting.
    const post3 = request("post 3");
    admission.listener(post3.req, post3.serverResponse);
    for (const turn of [line[2], line[4], post3, line[0], line[1]]) turn?.res.answer();
    expect(started).toEqual(["busy", "post 1", "post 2", "post 3", "page 1", "page 2", "page 3"]);
    expect(admission.state()).toEqual({ inProgress: 1, waiting: 0 });
  });

  it("starts the next in line as soon as an answer is handed over, without recursing", () => {
    const first = request("first");
    const admission = admitInOrder(
      (req, res) => {
        inner(req);
        // The others are answered at once, inside their own call (a stored page, a redirect).
        if (req !== first.req) (res as unknown as FakeResponse).end();
      },
      { limit: 1, leaseMs: 2_000, bypass: () => false },
    );
    admission.listener(first.req, first.serverResponse);
    // 20,000 in line: one loop starts them all, not 20,000 nested calls.
    const line = Array.from({ length: 20_000 }, (_, n) => request(`r${n}`));
    for (const { req, serverResponse } of line) admission.listener(req, serverResponse);
    expect(admission.state()).toEqual({ inProgress: 1, waiting: 20_000 });
    first.res.answer();
    expect(admission.state()).toEqual({ inProgress: 0, waiting: 0 });
    expect(started).toEqual(["first", ...line.map(({ req }) => req.name)]);
  });
});

describe("admission with Node's own responses", () => {
  it("gives the slot back inside res.end(), before the bytes have left", async () => {
    const inProgressAfterEnd: number[] = [];
    let admission: ReturnType<typeof admitInOrder> | undefined;
    admission = admitInOrder(
      (_req, res) => {
        res.end("stored page");
        inProgressAfterEnd.push(admission?.state().inProgress ?? -1);
      },
      { limit: 1, leaseMs: 2_000, bypass: () => false },
    );
    const server = createServer(admission.listener);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const { port } = server.address() as AddressInfo;
      const answers = await Promise.all(
        [1, 2, 3].map(async () => (await fetch(`http://127.0.0.1:${port}/`)).text()),
      );
      expect(answers).toEqual(["stored page", "stored page", "stored page"]);
      // Had the slot waited for "close" (the write done, a later turn), it would still be held.
      expect(inProgressAfterEnd).toEqual([0, 0, 0]);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});
