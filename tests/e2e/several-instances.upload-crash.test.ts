import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { proxyConfig, waitUntil } from "../support/cluster";
import { freePort } from "../support/server";
import { cluster, one, startClusterAroundTests, timeout, two } from "./several-instances-cluster";

/*
 * Issue 22, items 1 and 2, through nginx (deploy/nginx.conf). A multipart post cut off inside
 * its file part ended the instance that read it, and nginx (`non_idempotent`) then sent the same
 * post to the other instance, which it ended too: one anonymous request took the whole site
 * down. Now the app answers 400, and nginx never sends a post a second time once an instance
 * has taken it (a GET still goes to the other instance when the first drops it).
 */

startClusterAroundTests();

const BOUNDARY = "----truncated22";
const TRUNCATED_BODY =
  `--${BOUNDARY}\r\n` +
  `Content-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n` +
  "Content-Type: application/pdf\r\n\r\n" +
  "%PDF-1.7 cut";

/** Sends bytes to a port on a fresh connection; the status of the answer (0 for none). */
function rawStatus(port: number, bytes: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setTimeout(20_000, () => {
      socket.destroy();
      reject(new Error(`no answer in 20 s; got: ${received}`));
    });
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", () => {
      // judged by what was read
    });
    socket.on("close", () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0)));
    socket.write(bytes);
  });
}

const truncatedPost = (port: number, path: string) =>
  [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${Buffer.byteLength(TRUNCATED_BODY)}`,
    "Connection: close",
    "",
    TRUNCATED_BODY,
  ].join("\r\n");

describe("a truncated upload sent through nginx to two instances", () => {
  it("is refused with 400 and both instances go on answering", async () => {
    const proxyPort = Number(new URL(cluster.url).port);
    // Round robin: four posts reach each instance at least once.
    for (let i = 0; i < 4; i += 1) {
      const status = await rawStatus(proxyPort, truncatedPost(proxyPort, `/careers/crash-${i}`));
      expect(status, cluster.proxyLog()).toBe(400);
    }
    for (const instance of [one, two]) {
      expect(instance.running(), instance.allOutput()).toBe(true);
      const health = await fetch(`${instance.url}/healthz`, { signal: timeout() });
      expect(health.status, instance.name).toBe(200);
      expect(instance.output(), instance.name).toContain('"path":"/careers/crash-');
      expect(instance.output(), instance.name).not.toMatch(/Unexpected end of (form|file)/);
    }
    for (let i = 0; i < 4; i += 1) {
      const page = await fetch(`${cluster.url}/careers`, { signal: timeout() });
      expect(page.status).toBe(200);
      await page.arrayBuffer();
    }
  });
});

/**
 * An upstream that takes every request and drops its connection without an answer, as an
 * instance does when a request ends it; it counts the requests it took, by method.
 */
async function droppingUpstream() {
  const port = await freePort();
  const taken: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk;
      if (!head.includes("\r\n\r\n")) return;
      taken.push(head.split(" ")[0] ?? "");
      head = "";
      socket.destroy();
    });
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", () => done()));
  return {
    port,
    taken,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** deploy/nginx.conf in front of the given upstreams, as the cluster runs it; stopped by `stop`. */
async function proxyFor(upstreams: number[]) {
  const dir = mkdtempSync(join(tmpdir(), "trc-retry-"));
  mkdirSync(join(dir, "temp"), { recursive: true });
  const port = await freePort();
  const configFile = join(dir, "nginx.conf");
  writeFileSync(configFile, proxyConfig({ dir, port, upstreams }));
  const nginx = spawn(
    process.env.NGINX_PATH ?? "/usr/sbin/nginx",
    ["-p", dir, "-c", configFile, "-e", join(dir, "error.log")],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((done) => nginx.once("close", () => done()));
  const log = () => {
    try {
      return readFileSync(join(dir, "error.log"), "utf8");
    } catch {
      return "";
    }
  };
  await waitUntil(
    () =>
      new Promise<boolean>((done) => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${log()}`);
        const probe = connect(port, "127.0.0.1");
        probe.once("connect", () => {
          probe.destroy();
          done(true);
        });
        probe.once("error", () => done(false));
      }),
    () => `nginx did not listen:\n${log()}`,
  );
  return {
    port,
    log,
    async stop() {
      if (nginx.exitCode === null) nginx.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe("nginx (deploy/nginx.conf) when an instance drops a request it has taken", () => {
  /** Each case gets fresh upstreams and nginx: a dropped request marks an upstream failed. */
  async function sendThroughDroppingUpstreams(request: (port: number) => string) {
    const upstreams = [await droppingUpstream(), await droppingUpstream()];
    const proxy = await proxyFor(upstreams.map((upstream) => upstream.port));
    try {
      const status = await rawStatus(proxy.port, request(proxy.port));
      return { status, taken: upstreams.flatMap((upstream) => upstream.taken), log: proxy.log() };
    } finally {
      await proxy.stop();
      await Promise.all(upstreams.map((upstream) => upstream.close()));
    }
  }

  for (const path of ["/careers/some-role", "/contact", "/admin/media", "/admin/resources/new"]) {
    it(`never sends a POST to ${path} to a second instance`, async () => {
      const sent = await sendThroughDroppingUpstreams((port) => truncatedPost(port, path));
      expect(sent.status).toBe(502);
      expect(sent.taken, sent.log).toEqual(["POST"]);
    });
  }

  it("still tries a GET on the other instance", async () => {
    const sent = await sendThroughDroppingUpstreams(
      (port) => `GET /services HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(sent.status).toBe(502);
    expect(sent.taken, sent.log).toEqual(["GET", "GET"]);
  });
});
