import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createCareer } from "~/modules/careers/careers.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { type ClusterInstance, waitUntil } from "../support/cluster";
import { pdfFile } from "../support/office-files";
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

/**
 * A request to nginx from another loopback address than the test's own 127.0.0.1 (which the test
 * nginx trusts as a CDN to name visitors): a visitor straight on nginx. Resolves with the status.
 */
function requestFrom(
  localAddress: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      `${cluster.url}${path}`,
      { method: "POST", localAddress, headers, signal: timeout() },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

// Each test sends tens of requests through nginx to two instances (25 sign-ins among them):
// seconds on a quiet machine, more than the project's 60 s on a loaded one.
describe("two instances on one PostgreSQL behind nginx", { timeout: 180_000 }, () => {
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
    const postedTo = (instance: ClusterInstance) =>
      instance
        .output()
        .split("\n")
        .some(
          (line) =>
            line.includes('"path":"/api/enquiries"') &&
            line.includes(`"address":"${enquiryAddress}"`),
        );
    // Six posts, and more (all over the limit) until nginx has sent some to each instance: on a
    // loaded machine it may pass over a slow instance for a while (max_fails, deploy/nginx.conf).
    for (let post = 0; post < 6 || (!(postedTo(one) && postedTo(two)) && post < 30); post += 1) {
      const email = `limit-${post}-${run}@example.com`;
      const result = await postEnquiry(cluster.url, email, enquiryAddress);
      enquiries.push(result.status ?? 0);
    }
    expect(enquiries.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(enquiries.slice(6).filter((status) => status !== 429)).toEqual([]);
    await waitUntil(
      () => postedTo(one) && postedTo(two),
      () => "nginx did not send the posts to both instances",
      30_000,
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

    // Failed sign-ins: five wrong passwords from one address, alternating, lock the account at
    // that address on both (a lock holds per account and address, decision 0015).
    const staff = await createAdmin();
    const guesser = freshAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await fetch(`${[one, two][attempt % 2]?.url}/api/auth/sign-in/username`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: cluster.url,
          "x-forwarded-for": guesser,
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
          "x-forwarded-for": guesser,
        },
        body: JSON.stringify({ username: staff.username, password: staff.password }),
        signal: timeout(),
      });
      expect(locked.status).toBe(429);
    }
  });

  it("count a visitor who writes their own X-Forwarded-For by the address nginx saw", async () => {
    // Failed sign-ins (20 per address in 15 minutes), each claiming another address in front.
    const signIns: number[] = [];
    for (let attempt = 1; attempt <= 25; attempt += 1) {
      signIns.push(
        await requestFrom(
          "127.0.0.2",
          "/api/auth/sign-in/username",
          {
            "content-type": "application/json",
            origin: cluster.url,
            "x-forwarded-for": `10.1.0.${attempt}, 127.0.0.1`,
          },
          JSON.stringify({ username: `nobody_${run}_${attempt}`, password: "Not-a-password-1" }),
        ),
      );
    }
    expect(signIns[0]).toBe(401);
    expect(signIns.at(-1)).toBe(429);

    // Enquiries (5 per address in 10 minutes) from another such visitor.
    const enquiries: number[] = [];
    for (let post = 1; post <= 6; post += 1) {
      const body = new URLSearchParams({
        firstName: "Asha",
        lastName: "Menon",
        email: `spoofer-${post}-${run}@example.com`,
        company: "Header Tricks Ltd",
        message: "Please call me about salary benchmarking.",
        formToken: await tokens.take(),
        hp_comment: "",
      }).toString();
      enquiries.push(
        await requestFrom(
          "127.0.0.3",
          "/api/enquiries",
          {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": `10.2.0.${post}, 127.0.0.1`,
          },
          body,
        ),
      );
    }
    expect(enquiries).toEqual([200, 200, 200, 200, 200, 429]);

    // The instances logged the address nginx saw, never one the visitor wrote.
    const logs = () => one.output() + two.output();
    await waitUntil(
      () => logs().includes('"address":"127.0.0.3"'),
      () => "no request line with the visitor's address",
    );
    expect(logs()).toContain('"address":"127.0.0.2"');
    expect(logs()).not.toMatch(/"address":"10\.[12]\.0\./);
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

  it("keep an uploaded CV where both see it: applied through one, downloaded from the other", async () => {
    const posting = await createCareer(cluster.database.db, {
      title: `Cluster Consultant ${run}`,
      department: "Consulting",
      location: "Bengaluru",
      type: "Full-time",
      experience: "3+ years",
      salary: "",
      description: "Advise clients on pay.",
      requirements: [],
      responsibilities: [],
      benefits: [],
      status: "active",
    });
    const cv = await pdfFile(`CV of a cluster candidate ${run}`, 200_000);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      fullName: "Kiran Rao",
      email: `kiran-${run}@example.com`,
      phone: "98765 43210",
      location: "Bengaluru",
      noticePeriod: "30 days",
      profileUrl: "",
      coverNote: "Eight years of reward consulting.",
      consent: "on",
      formToken: await tokens.take(),
      hp_comment: "",
    })) {
      form.set(name, value);
    }
    form.set("cv", new File([new Uint8Array(cv)], "Kiran Rao CV.pdf", { type: "application/pdf" }));
    const applied = await fetch(`${one.url}/careers/${posting.id}`, {
      method: "POST",
      body: form,
      headers: { origin: cluster.url, "x-forwarded-for": freshAddress() },
      redirect: "manual",
      signal: timeout(),
    });
    expect(applied.status, await applied.text()).toBeLessThan(400);
    const stored = await cluster.database.db
      .selectFrom("applications")
      .select(["id", "spamReason"])
      .where("careerId", "=", posting.id)
      .executeTakeFirstOrThrow();
    expect(stored.spamReason).toBeNull();

    const cookie = await signIn(one.url, await createAdmin());
    const download = await fetch(`${two.url}/admin/applications/${stored.id}/cv`, {
      headers: { cookie },
      signal: timeout(),
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      'attachment; filename="cv-kiran-rao.pdf"',
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(cv)).toBe(true);
    // The other instance counts it for staff (the public figure starts at five applications).
    const careers = await fetch(`${two.url}/admin/careers`, {
      headers: { cookie },
      signal: timeout(),
    });
    expect(await careers.text()).toMatch(
      new RegExp(`>1<span class="sr-only"> applications for (<!-- -->)?Cluster Consultant ${run}<`),
    );
  });
  it("serve an image uploaded through one from the other, variants byte for byte", async () => {
    const cookie = await signIn(one.url, await createAdmin());
    const png = await sharp({
      create: { width: 800, height: 500, channels: 3, background: { r: 20, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("alt", `Our Delhi team at a workshop ${run}`);
    form.set("file", new File([new Uint8Array(png)], "workshop.png", { type: "image/png" }));
    const uploaded = await fetch(`${one.url}/admin/media`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: cluster.url },
      redirect: "manual",
      signal: timeout(),
    });
    expect(uploaded.status, await uploaded.text()).toBe(302);
    const media = await cluster.database.db
      .selectFrom("mediaAssets")
      .select("id")
      .where("alt", "=", `Our Delhi team at a workshop ${run}`)
      .executeTakeFirstOrThrow();
    for (const file of ["640.avif", "800.webp"]) {
      const [fromOne, fromTwo] = await Promise.all(
        [one, two].map((instance) =>
          fetch(`${instance.url}/media/${media.id}/${file}`, { signal: timeout() }),
        ),
      );
      expect(fromTwo!.status).toBe(200);
      expect(fromTwo!.headers.get("cache-control")).toContain("immutable");
      const [a, b] = await Promise.all([fromOne!.arrayBuffer(), fromTwo!.arrayBuffer()]);
      expect(b.byteLength).toBeGreaterThan(0);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    }
  });
});
