import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

/*
 * Issue 22, items 4 and 5, over raw sockets (fetch always sends a Host and encodes paths):
 * - a request with no Host (HTTP/1.0 may leave it out) or an empty one gave a 500 and a stack in
 *   the log on every page the page cache does not answer;
 * - a path with a bad percent-encoding made React Router print two plain-text warnings that
 *   repeated the whole path (18 KB of log for a 6 KB path).
 * Each must be a 400 with the request's one JSON log line (info) and nothing else.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** Sends bytes on a fresh connection; the whole answer once the server closes it. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    let received = "";
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error(`no answer in 15 s; got: ${received}`));
    });
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
    socket.write(bytes);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
const requestIdOf = (answer: string) => /^x-request-id: (\S+)\r$/im.exec(answer)?.[1] ?? "";

/** What the server printed from `from` on, once its line for `requestId` is there. */
async function outputAfter(from: number, requestId: string): Promise<string[]> {
  await expect.poll(() => server.output().slice(from)).toContain(`"requestId":"${requestId}"`);
  return server
    .output()
    .slice(from)
    .split("\n")
    .filter((line) => line.trim() !== "");
}

/**
 * Every line is a JSON log line, none above info, and the request has exactly one: its own
 * (info, 400). Other lines may be the server's own work, finished meanwhile.
 */
function expectOneInfoLine(lines: string[], requestId: string) {
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line) as { level?: string; requestId?: string; status?: number };
    } catch {
      throw new Error(`a log line that is not JSON: ${line.slice(0, 300)}`);
    }
  });
  expect(parsed.filter((line) => line.level !== "info" && line.level !== "debug")).toEqual([]);
  const own = parsed.filter((line) => line.requestId === requestId);
  expect(own).toHaveLength(1);
  expect(own[0]).toMatchObject({ level: "info", status: 400 });
}

describe("a request with no Host, or an empty one", () => {
  for (const [name, request] of [
    ["HTTP/1.0 without Host", "GET /admin/login HTTP/1.0\r\n\r\n"],
    [
      "HTTP/1.1 with an empty Host",
      "GET /careers?page=2 HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n",
    ],
    [
      "a form post with an empty Host",
      "POST /contact HTTP/1.1\r\nHost: \r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        "Content-Length: 3\r\nConnection: close\r\n\r\na=1",
    ],
  ] as const) {
    it(`is answered 400 with one info line: ${name}`, async () => {
      const from = server.output().length;
      const answer = await raw(request);
      expect(statusOf(answer), answer).toBe(400);
      expect(answer).not.toMatch(/at \S+ \(|\.js:\d+/);
      const requestId = requestIdOf(answer);
      expect(requestId).not.toBe("");
      expectOneInfoLine(await outputAfter(from, requestId), requestId);
    });
  }

  it("leaves the site answering as before", async () => {
    const page = await fetch(`${server.url}/admin/login`);
    expect(page.status).toBe(200);
  });
});

describe("a path with a bad percent-encoding", () => {
  it("is answered 400 with one JSON line, however long the path", async () => {
    const path = `/careers/x%ZZn${"y".repeat(6 * 1024)}`;
    const from = server.output().length;
    const answer = await raw(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(answer), answer.slice(0, 500)).toBe(400);
    const requestId = requestIdOf(answer);
    const lines = await outputAfter(from, requestId);
    expectOneInfoLine(lines, requestId);
    // The path is in the log once, in its line: not 18 KB of log for a 6 KB path.
    expect(lines.join("\n").length).toBeLessThan(path.length + 1024);
  });

  it("is refused the same in a form post and a data request", async () => {
    for (const request of [
      `POST /careers/x%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n" +
        "Connection: close\r\n\r\na=1",
      `GET /careers/x%c0%af.data HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
    ]) {
      const from = server.output().length;
      const answer = await raw(request);
      expect(statusOf(answer), answer.slice(0, 500)).toBe(400);
      const requestId = requestIdOf(answer);
      expectOneInfoLine(await outputAfter(from, requestId), requestId);
    }
  });
});
