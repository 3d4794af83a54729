import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, expect } from "vitest";
import { createStaff, type TestStaff } from "../support/auth";
import { type Cluster, type ClusterInstance, startCluster, waitUntil } from "../support/cluster";
import type { TestServer } from "../support/server";

/*
 * The production topology (README "Running in production"): two instances of the built server on
 * one PostgreSQL database behind nginx (deploy/nginx.conf), as plain processes on 127.0.0.1.
 * Whatever one instance knows, the other must know too, and instances must be able to stop,
 * crash and restart without a visitor's post being lost or a request failing at the proxy.
 */

/* Shared by several-instances.*.test.ts: the cluster they run against and the visitor's moves. */

export const run = randomBytes(3).toString("hex");
let nextAddress = 0;
/** A visitor address of its own (198.18.0.0/15 is for tests), so per-address limits stay apart. */
export function freshAddress(): string {
  nextAddress += 1;
  return `198.19.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** A request that gives up instead of hanging the test. */
export const timeout = () => AbortSignal.timeout(20_000);

export let cluster: Cluster;
export let one: ClusterInstance;
export let two: ClusterInstance;

/** Starts the cluster before the file's tests (`cluster`, `one`, `two`) and stops it after. */
export function startClusterAroundTests(options: { env?: Record<string, string> } = {}) {
  beforeAll(async () => {
    cluster = await startCluster(options);
    [one, two] = cluster.instances as [ClusterInstance, ClusterInstance];
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  });
}

export const createAdmin = () =>
  // createStaff only needs the database the servers use.
  createStaff({ databaseUrl: cluster.databaseUrl } as TestServer, "admin");

/** Signs in through the auth API of the given address and returns the session cookie. */
export async function signIn(at: string, staff: TestStaff): Promise<string> {
  const response = await fetch(`${at}/api/auth/sign-in/username`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: cluster.url,
      "x-forwarded-for": freshAddress(),
    },
    body: JSON.stringify({ username: staff.username, password: staff.password }),
    signal: timeout(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

type RequestLogLine = { address: string; path: string; status: number };

/** The request log line one of `instances` wrote for a response (found by its X-Request-Id). */
function logLineOf(instances: ClusterInstance[], response: Response): RequestLogLine | null {
  const id = response.headers.get("x-request-id");
  for (const instance of instances) {
    const line = instance
      .allOutput()
      .split("\n")
      .find((l) => id && l.includes(`"requestId":"${id}"`));
    if (line) return JSON.parse(line) as RequestLogLine;
  }
  return null;
}

/** Waits for that line: an instance logs a request when it has sent the answer, a moment later. */
export async function waitForLogLine(
  instances: ClusterInstance[],
  response: Response,
): Promise<RequestLogLine> {
  await waitUntil(
    () => logLineOf(instances, response) !== null,
    () => `no log line for request ${response.headers.get("x-request-id")}`,
  );
  return logLineOf(instances, response) as RequestLogLine;
}

/**
 * Enquiry form tokens from the site, as the form gets them. A token must be 3 s old before a post
 * counts as human, so a pool is fetched ahead and `take` waits until its tokens are old enough.
 * Each token is good for one post, so an empty pool fetches more (posts keep going for as long as
 * a restart takes, which varies with the machine's load).
 */
class FormTokens {
  private tokens: string[] = [];
  private readyAt = 0;
  private refill: Promise<void> | undefined;
  async fetch(count: number) {
    const fetched = await Promise.all(
      Array.from({ length: count }, async () => {
        const response = await fetch(`${cluster.url}/api/enquiries/token`, { signal: timeout() });
        return ((await response.json()) as { token: string }).token;
      }),
    );
    this.tokens.push(...fetched);
    this.readyAt = Date.now() + 3_500;
  }
  async take(): Promise<string> {
    while (this.tokens.length === 0) {
      // One refill for every poster waiting on an empty pool.
      this.refill ??= this.fetch(30).finally(() => {
        this.refill = undefined;
      });
      await this.refill;
    }
    const token = this.tokens.shift() as string;
    const wait = this.readyAt - Date.now();
    if (wait > 0) await sleep(wait);
    return token;
  }
}
export const tokens = new FormTokens();

/** Posts an enquiry as the form does with JavaScript; resolves with the status or the error. */
export async function postEnquiry(
  at: string,
  email: string,
  address: string,
): Promise<{ email: string; status?: number; error?: string }> {
  const body = new URLSearchParams({
    firstName: "Asha",
    lastName: "Menon",
    email,
    company: "Cluster Test Pvt Ltd",
    message: "Please call me about salary benchmarking.",
    formToken: await tokens.take(),
    hp_comment: "",
  });
  try {
    const response = await fetch(`${at}/api/enquiries`, {
      method: "POST",
      body,
      headers: { "x-forwarded-for": address },
      redirect: "manual",
      signal: timeout(),
    });
    await response.arrayBuffer();
    return { email, status: response.status };
  } catch (error) {
    return { email, error: String((error as Error).cause ?? error) };
  }
}

/**
 * An enquiry post sent straight to an instance, held open mid-body: it resolves once the instance
 * has read the request's head (it answers `100 Continue`), so the request is surely in flight;
 * `finish()` sends the rest of the body and resolves with the answer's status.
 */
export async function holdEnquiryPost(instance: ClusterInstance, email: string) {
  const body = new URLSearchParams({
    firstName: "Ravi",
    lastName: "Iyer",
    email,
    company: "Slow Uplink Ltd",
    formToken: await tokens.take(),
    hp_comment: "",
  }).toString();
  const socket = connect(instance.port, "127.0.0.1");
  let received = "";
  const ended = new Promise<void>((done) => {
    socket.on("close", () => done());
    socket.on("error", () => done());
  });
  socket.on("data", (chunk) => {
    received += chunk;
  });
  socket.write(
    [
      "POST /api/enquiries HTTP/1.1",
      `Host: 127.0.0.1:${instance.port}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Expect: 100-continue",
      `X-Forwarded-For: ${freshAddress()}`,
      "Connection: close",
      "",
      "",
    ].join("\r\n"),
  );
  await waitUntil(
    () => received.includes("100 Continue"),
    () => `${instance.name} did not read the post's head: ${received}`,
  );
  return {
    async finish(): Promise<number> {
      // Not end(): a client that half-closes its side is taken to have given up (Node's
      // default), and nginx does not do that. The answer says Connection: close.
      socket.write(body);
      await ended;
      const status = /HTTP\/1\.1 (?!100)(\d{3})/.exec(received)?.[1];
      return Number(status ?? 0);
    },
  };
}

export const acknowledged = (result: { status?: number }) =>
  result.status !== undefined && result.status >= 200 && result.status < 400;

/** How many enquiries the database holds for each of the given e-mail addresses. */
export async function storedEnquiries(emails: string[]): Promise<Map<string, number>> {
  const stored = new Map<string, number>();
  if (emails.length === 0) return stored;
  const rows = await cluster.database.db
    .selectFrom("enquiries")
    .select("email")
    .where("email", "in", emails)
    .execute();
  for (const row of rows) stored.set(row.email, (stored.get(row.email) ?? 0) + 1);
  return stored;
}
