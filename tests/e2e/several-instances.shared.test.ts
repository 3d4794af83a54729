import { beforeAll, describe, expect, it } from "vitest";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { type ClusterInstance, waitUntil } from "../support/cluster";
import {
  cluster,
  createAdmin,
  freshAddress,
  one,
  postEnquiry,
  run,
  signIn,
  startClusterAroundTests,
  timeout,
  tokens,
  two,
  waitForLogLine,
} from "./several-instances-cluster";

/*
 * Two instances of the built server on one PostgreSQL database behind nginx: whatever one
 * instance knows (sessions, settings, rate limits), the other must know too.
 */

startClusterAroundTests();

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
});
