import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { createStaff, type TestStaff } from "../support/auth";
import { type Cluster, type ClusterInstance, startCluster, waitUntil } from "../support/cluster";
import type { TestServer } from "../support/server";

/*
 * The production topology (README "Running in production"): two instances of the built server on
 * one PostgreSQL database behind nginx (deploy/nginx.conf), as plain processes on 127.0.0.1.
 * Whatever one instance knows, the other must know too, and instances must be able to stop,
 * crash and restart without a visitor's post being lost or a request failing at the proxy.
 */

const run = randomBytes(3).toString("hex");
let nextAddress = 0;
/** A visitor address of its own (198.18.0.0/15 is for tests), so per-address limits stay apart. */
function freshAddress(): string {
  nextAddress += 1;
  return `198.19.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** A request that gives up instead of hanging the test. */
const timeout = () => AbortSignal.timeout(20_000);

let cluster: Cluster;
let one: ClusterInstance;
let two: ClusterInstance;

beforeAll(async () => {
  cluster = await startCluster();
  [one, two] = cluster.instances as [ClusterInstance, ClusterInstance];
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

const createAdmin = () =>
  // createStaff only needs the database the servers use.
  createStaff({ databaseUrl: cluster.databaseUrl } as TestServer, "admin");

/** Signs in through the auth API of the given address and returns the session cookie. */
async function signIn(at: string, staff: TestStaff): Promise<string> {
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
async function waitForLogLine(
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
 */
class FormTokens {
  private tokens: string[] = [];
  private readyAt = 0;
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
    const token = this.tokens.shift();
    if (!token) throw new Error("The test ran out of form tokens: fetch more");
    const wait = this.readyAt - Date.now();
    if (wait > 0) await sleep(wait);
    return token;
  }
}
const tokens = new FormTokens();

/** Posts an enquiry as the form does with JavaScript; resolves with the status or the error. */
async function postEnquiry(
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
async function holdEnquiryPost(instance: ClusterInstance, email: string) {
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

const acknowledged = (result: { status?: number }) =>
  result.status !== undefined && result.status >= 200 && result.status < 400;

/** How many enquiries the database holds for each of the given e-mail addresses. */
async function storedEnquiries(emails: string[]): Promise<Map<string, number>> {
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

describe("two instances on one PostgreSQL behind nginx", () => {
  beforeAll(async () => {
    await tokens.fetch(120);
  });

  it("share sessions: sign in through one, act as staff through the other, sign out for both", async () => {
    const staff = await createAdmin();
    const cookie = await signIn(one.url, staff);

    const settings = await fetch(`${two.url}/admin/settings`, {
      headers: { cookie },
      redirect: "manual",
      signal: timeout(),
    });
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain('name="siteName"');

    const signOut = await fetch(`${two.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: cluster.url, "content-type": "application/json" },
      body: "{}",
      signal: timeout(),
    });
    expect(signOut.status).toBe(200);
    const after = await fetch(`${one.url}/admin/settings`, {
      headers: { cookie },
      redirect: "manual",
      signal: timeout(),
    });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/admin/login");
  });

  it("show an admin edit through both instances on the very next request", async () => {
    const staff = await createAdmin();
    const cookie = await signIn(two.url, staff);
    const before = await getGeneralSettings(cluster.database.db);
    const siteName = `Cluster Check ${run} Consulting`;

    // Both instances have served the old name (a page cache, if any, holds it now).
    for (const instance of [one, two]) {
      const page = await fetch(`${instance.url}/`, { signal: timeout() });
      expect(await page.text()).toContain(before.siteName);
    }

    const form = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...before, siteName })) {
      if (typeof value === "boolean") {
        if (value) form.set(key, "on");
      } else form.set(key, String(value ?? ""));
    }
    const saved = await fetch(`${cluster.url}/admin/settings`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: cluster.url },
      redirect: "manual",
      signal: timeout(),
    });
    expect(saved.status).toBe(200);
    expect((await getGeneralSettings(cluster.database.db)).siteName).toBe(siteName);

    for (const at of [one.url, two.url, cluster.url, cluster.url]) {
      for (const path of ["/", "/services"]) {
        const page = await fetch(`${at}${path}`, { signal: timeout() });
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html, `${at}${path}`).toContain(siteName);
        expect(html, `${at}${path}`).not.toContain(before.siteName);
      }
    }
  });

  it("count every rate limit across both instances, by the address nginx names", async () => {
    // The newsletter's per-address limit (5 in 10 minutes), posts alternating between instances.
    const newsletterAddress = freshAddress();
    const newsletter: number[] = [];
    for (let post = 0; post < 6; post += 1) {
      const response = await fetch(`${[one, two][post % 2]?.url}/api/newsletter`, {
        method: "POST",
        body: new URLSearchParams({
          email: `limit-${post}-${run}@example.com`,
          source: "footer",
          returnTo: "/",
        }),
        headers: { "x-forwarded-for": newsletterAddress },
        signal: timeout(),
      });
      newsletter.push(response.status);
    }
    expect(newsletter).toEqual([200, 200, 200, 200, 200, 429]);

    // The enquiry limit, through nginx, which sends the posts to both instances in turn; nginx
    // names the visitor (the test stands where a CDN would) and the instances believe it.
    const enquiryAddress = freshAddress();
    const enquiries: number[] = [];
    for (let post = 0; post < 6; post += 1) {
      const email = `limit-${post}-${run}@example.com`;
      const result = await postEnquiry(cluster.url, email, enquiryAddress);
      enquiries.push(result.status ?? 0);
    }
    expect(enquiries).toEqual([200, 200, 200, 200, 200, 429]);
    const postedTo = (instance: ClusterInstance) =>
      instance
        .output()
        .split("\n")
        .some(
          (line) =>
            line.includes('"path":"/api/enquiries"') &&
            line.includes(`"address":"${enquiryAddress}"`),
        );
    await waitUntil(
      () => postedTo(one) && postedTo(two),
      () => "nginx did not send the posts to both instances",
    );

    // better-auth's own limiter (3 sign-in attempts in 10 s per address), alternating.
    const authAddress = freshAddress();
    const social: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await fetch(`${[one, two][attempt % 2]?.url}/api/auth/sign-in/social`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: cluster.url,
          "x-forwarded-for": authAddress,
        },
        body: JSON.stringify({ provider: "github" }),
        signal: timeout(),
      });
      social.push(response.status);
    }
    expect(social.slice(0, 3)).not.toContain(429);
    expect(social[3]).toBe(429);

    // Failed sign-ins: five wrong passwords, alternating, lock the account on both.
    const staff = await createAdmin();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await fetch(`${[one, two][attempt % 2]?.url}/api/auth/sign-in/username`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: cluster.url,
          "x-forwarded-for": freshAddress(),
        },
        body: JSON.stringify({ username: staff.username, password: "Not-the-password-123" }),
        signal: timeout(),
      });
      expect(response.status).toBe(401);
    }
    for (const instance of [one, two]) {
      const locked = await fetch(`${instance.url}/api/auth/sign-in/username`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: cluster.url,
          "x-forwarded-for": freshAddress(),
        },
        body: JSON.stringify({ username: staff.username, password: staff.password }),
        signal: timeout(),
      });
      expect(locked.status).toBe(429);
    }
  });

  it("take the client address from X-Forwarded-For only when TRUST_PROXY says so", async () => {
    const direct = await cluster.startInstance({ TRUST_PROXY: "false" });
    const claimed = freshAddress();
    const page = await fetch(`${direct.url}/`, {
      headers: { "x-forwarded-for": claimed },
      signal: timeout(),
    });
    expect((await waitForLogLine([direct], page)).address).toBe("127.0.0.1");
    const proxied = await fetch(`${cluster.url}/`, {
      headers: { "x-forwarded-for": claimed },
      signal: timeout(),
    });
    expect((await waitForLogLine([one, two], proxied)).address).toBe(claimed);
    // Without TRUST_PROXY a different X-Forwarded-For on each post changes nothing: the
    // socket's address is the one counted.
    const statuses: number[] = [];
    for (let post = 0; post < 6; post += 1) {
      const response = await fetch(`${direct.url}/api/newsletter`, {
        method: "POST",
        body: new URLSearchParams({ email: `direct-${post}-${run}@example.com`, returnTo: "/" }),
        headers: { "x-forwarded-for": freshAddress() },
        signal: timeout(),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await direct.stop("SIGTERM")).toBe(0);
  });

  it("store every enquiry nginx acknowledged while an instance was killed and restarted", async () => {
    const results: { email: string; status?: number; error?: string }[] = [];
    let posting = true;
    let sent = 0;
    // Three visitors posting in turn, each post from an address of its own (no rate limit).
    const poster = async () => {
      while (posting) {
        sent += 1;
        const email = `killed-${sent}-${run}@example.com`;
        results.push(await postEnquiry(cluster.url, email, freshAddress()));
        await sleep(100);
      }
    };
    const posters = Promise.all([poster(), poster(), poster()]);
    try {
      await waitUntil(
        () => results.length >= 6,
        () => `posts did not start: ${JSON.stringify(results)}`,
      );
      expect(await one.stop("SIGKILL")).toBeNull();
      const whileDown = results.length;
      await waitUntil(
        () => results.length >= whileDown + 9,
        () => "posts stopped while one instance was down",
      );
      await one.start();
      const restarted = results.length;
      await waitUntil(
        () => results.length >= restarted + 9 && one.output().includes('"path":"/api/enquiries"'),
        () => "the restarted instance got no post",
      );
    } finally {
      posting = false;
      await posters;
    }

    const ok = results.filter(acknowledged);
    // Most posts are acknowledged (nginx passes what the killed instance refused to the other).
    expect(ok.length).toBeGreaterThan(results.length / 2);
    const stored = await storedEnquiries(ok.map((r) => r.email));
    const lost = ok.filter((r) => !stored.has(r.email));
    expect(lost, "acknowledged but not stored").toEqual([]);
  }, 90_000);

  it("restart one instance after the other under steady load with no error at the proxy", async () => {
    await tokens.fetch(40);
    const loadAddress = freshAddress();
    const failures: string[] = [];
    const posts: { email: string; status?: number; error?: string }[] = [];
    let gets = 0;
    let loading = true;
    const paths = ["/", "/services", "/about", "/contact", "/careers", "/insights"];

    const getLoad = async () => {
      while (loading) {
        const path = paths[gets % paths.length];
        gets += 1;
        try {
          const response = await fetch(`${cluster.url}${path}`, {
            headers: { "x-forwarded-for": loadAddress },
            redirect: "manual",
            signal: timeout(),
          });
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(`GET ${path}: ${response.status}`);
        } catch (error) {
          failures.push(`GET ${path}: ${String((error as Error).cause ?? error)}`);
        }
        await sleep(250);
      }
    };
    const postLoad = async () => {
      while (loading) {
        const email = `rolling-${posts.length + 1}-${run}@example.com`;
        const result = await postEnquiry(cluster.url, email, freshAddress());
        posts.push(result);
        if (!acknowledged(result) || result.status !== 200) {
          failures.push(`POST /api/enquiries: ${result.status ?? result.error}`);
        }
        await sleep(700);
      }
    };
    const load = Promise.all([getLoad(), getLoad(), postLoad()]);

    const exitCodes: (number | null)[] = [];
    const heldEmail = `held-${run}@example.com`;
    let heldStatus = 0;
    try {
      for (const instance of [one, two]) {
        // The first one is stopped with a post in flight (its body still arriving).
        const held = instance === one ? await holdEnquiryPost(instance, heldEmail) : undefined;
        const stopped = instance.stop("SIGTERM");
        if (held) {
          await waitUntil(
            () => instance.output().includes('"event":"shutdown_started"'),
            () => `${instance.name} did not start shutting down`,
          );
          // It accepts nothing new, but finishes the post it was reading.
          await expect(fetch(`${instance.url}/healthz`, { signal: timeout() })).rejects.toThrow();
          heldStatus = await held.finish();
        }
        exitCodes.push(await stopped);
        await instance.start();
        // Back in nginx's rotation: it has served a request of the load since its start.
        await waitUntil(
          () => instance.output().includes(`"address":"${loadAddress}"`),
          () => `${instance.name} got no request after its restart`,
        );
      }
    } finally {
      loading = false;
      await load;
    }

    expect(exitCodes).toEqual([0, 0]);
    expect(heldStatus).toBe(200);
    expect((await storedEnquiries([heldEmail])).get(heldEmail)).toBe(1);
    expect(failures, cluster.proxyLog()).toEqual([]);
    expect(gets).toBeGreaterThan(10);
    expect(posts.length).toBeGreaterThan(2);
    // Each post stored exactly once: a stopping instance finished the posts it had, so nginx had
    // nothing to pass on twice.
    const stored = await storedEnquiries(posts.map((p) => p.email));
    expect(posts.filter((p) => stored.get(p.email) !== 1)).toEqual([]);
  }, 90_000);
});
