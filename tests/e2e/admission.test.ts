import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

/*
 * Requests in progress at a time, the others in line (server/admission.ts, decision 0083), on the
 * server as `npm start` runs it, with room for one request at a time: a client that sends its
 * post slowly holds its slot for the lease (2 s) at most, never the site, and the wait it caused
 * is logged; a visitor's post waiting in line goes before the pages asked for earlier (0088).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ REQUESTS_IN_PROGRESS: "1" });
});

afterAll(async () => {
  await server?.stop();
});

/**
 * A post that announces a body and sends a tenth of it: the server waits for the rest. Resolves
 * once the server has taken it up (its "100 Continue", sent as the request reaches the server's
 * handler), so the slot is surely its own before anything else is asked.
 */
function slowPost(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => {
      socket.write(
        [
          "POST /contact HTTP/1.1",
          `Host: 127.0.0.1:${server.port}`,
          "Content-Type: application/x-www-form-urlencoded",
          "Content-Length: 1000",
          "Expect: 100-continue",
          "",
          "",
        ].join("\r\n"),
      );
    });
    socket.once("data", (chunk) => {
      if (!/^HTTP\/1\.1 100 /.test(String(chunk))) {
        reject(new Error(`expected 100 Continue, got: ${chunk}`));
        return;
      }
      socket.write("firstName=Slow&lastName=Sen");
      resolve(socket);
    });
    socket.on("error", reject);
  });
}

describe("requests in line behind a slow client", () => {
  it("are answered while it still holds its connection, and the wait is logged", async () => {
    const from = server.output().length;
    const slow = await slowPost();
    try {
      // The slow post is in progress (its body half sent); the page waits in line behind it.
      const page = await fetch(`${server.url}/about`, { signal: AbortSignal.timeout(30_000) });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<h1");
      expect(slow.destroyed).toBe(false);
      await expect
        .poll(() => server.output().slice(from))
        .toMatch(
          /"limit":1.*"event":"admission_wait_long"|"event":"admission_wait_long".*"limit":1/,
        );
    } finally {
      slow.destroy();
    }
  });

  it("starts a visitor's post before a page that was waiting longer", async () => {
    /*
     * The slow client holds the one slot for its 2 s lease. A page is asked for, and 300 ms later
     * (in line by then) a post. Should this process stall past the lease before the post is sent,
     * the page would have had the slot anyway: that attempt proves nothing and is run again.
     */
    const attempt = async () => {
      const slow = await slowPost();
      const slotTakenAt = performance.now();
      try {
        const answered: string[] = [];
        const page = fetch(`${server.url}/about`, { signal: AbortSignal.timeout(30_000) }).then(
          (response) => {
            answered.push("page");
            return response.status;
          },
        );
        await new Promise((done) => setTimeout(done, 300));
        const postSentAt = performance.now();
        const post = fetch(`${server.url}/api/enquiries`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: "{}",
          signal: AbortSignal.timeout(30_000),
        }).then((response) => {
          answered.push("post");
          return response.status;
        });
        const statuses = await Promise.all([page, post]);
        return { statuses, answered, inTime: postSentAt - slotTakenAt < 1_500 };
      } finally {
        slow.destroy();
      }
    };
    let outcome = await attempt();
    for (let again = 0; again < 2 && !outcome.inTime; again++) outcome = await attempt();
    expect(outcome.inTime, "the post was sent while the slow client held the slot").toBe(true);
    // One slot: whichever starts first is answered first.
    expect(outcome.statuses).toEqual([200, 400]);
    expect(outcome.answered).toEqual(["post", "page"]);
  });
});
