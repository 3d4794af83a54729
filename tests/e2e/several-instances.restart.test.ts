import { beforeAll, describe, expect, it } from "vitest";
import { waitUntil } from "../support/cluster";
import {
  acknowledged,
  cluster,
  freshAddress,
  holdEnquiryPost,
  one,
  postEnquiry,
  run,
  sleep,
  startClusterAroundTests,
  storedEnquiries,
  timeout,
  tokens,
  two,
} from "./several-instances-cluster";

/*
 * Two instances of the built server on one PostgreSQL database behind nginx: instances must be
 * able to stop, crash and restart without a visitor's post being lost or a request failing at
 * the proxy.
 */

startClusterAroundTests();

describe("two instances on one PostgreSQL behind nginx", () => {
  beforeAll(async () => {
    await tokens.fetch(120);
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
