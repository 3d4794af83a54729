import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  COOKIE_MAX_LENGTH,
  decodeLeadSource,
  encodeLeadSource,
  LEAD_SOURCE_COOKIE,
  type LeadSource,
  leadSourceOfCookieHeader,
  mergeTouch,
  touchOf,
} from "./lead-source-cookie.server";
import { leadSourceCookieFor, withLeadSourceCookie } from "./lead-source-listener.server";

const SECRET = "test-secret-for-lead-sources-0123456789";
const SITE = { authSecret: SECRET, baseUrl: "https://rewards.example" };
const now = new Date("2026-11-26T10:00:00Z");

function page(url: string, headers: Record<string, string> = {}): IncomingMessage {
  return {
    method: "GET",
    url,
    headers: { host: "rewards.example", accept: "text/html", ...headers },
  } as unknown as IncomingMessage;
}

/** The cookie value a Set-Cookie header carries. */
const cookieValueOf = (setCookie: string | undefined) =>
  setCookie?.split(";")[0]?.slice(LEAD_SOURCE_COOKIE.length + 1);

const sourceAfter = (setCookie: string | undefined) =>
  decodeLeadSource(SECRET, cookieValueOf(setCookie));

describe("an arrival", () => {
  it("reads the campaign parameters, the referring host and the landing path", () => {
    expect(
      touchOf({
        url: "/services/esop?utm_source=LinkedIn&utm_medium=social&utm_campaign=Q4-Rewards&utm_term=esop%20india&utm_content=Banner",
        referer: "https://www.linkedin.com/feed/",
        host: "rewards.example",
        now,
      }),
    ).toEqual({
      source: "linkedin",
      medium: "social",
      campaign: "q4-rewards",
      term: "esop india",
      content: "Banner",
      referrer: "linkedin.com",
      landing: "/services/esop",
      date: "2026-11-26",
    });
  });

  it("takes the referring host as the source of a link from another site", () => {
    const touch = touchOf({ url: "/", referer: "https://news.ycombinator.com/item?id=1", now });
    expect(touch).toMatchObject({
      source: "news.ycombinator.com",
      referrer: "news.ycombinator.com",
    });
    expect(touch?.campaign).toBe("");
  });

  it("is nothing when the visitor moves around the site (same host, www or not, or BASE_URL)", () => {
    for (const referer of [
      "https://rewards.example/about",
      "https://www.rewards.example/",
      "http://rewards.example:3000/x",
    ]) {
      expect(touchOf({ url: "/contact", referer, host: "rewards.example", now })).toBeNull();
    }
    expect(
      touchOf({
        url: "/",
        referer: "https://rewards.example/",
        host: "127.0.0.1:3000",
        baseUrl: SITE.baseUrl,
        now,
      }),
    ).toBeNull();
    expect(touchOf({ url: "/contact", now })).toBeNull();
    expect(touchOf({ url: "/?utm_source=", referer: "not a url", now })).toBeNull();
  });

  it("cuts long values and drops control characters", () => {
    const touch = touchOf({
      url: `/?utm_source=${"a".repeat(500)}&utm_campaign=x%0Ay`,
      now,
    });
    expect(touch?.source).toHaveLength(100);
    expect(touch?.campaign).toBe("xy");
  });
});

describe("first and latest", () => {
  const linkedin = touchOf({ url: "/?utm_source=linkedin&utm_campaign=q4-rewards", now });
  const google = touchOf({ url: "/guides", referer: "https://www.google.com/", now });
  if (!linkedin || !google) throw new Error("touches expected");

  it("keeps the first and replaces the latest", () => {
    const once = mergeTouch(null, linkedin);
    expect(once).toEqual({ first: linkedin, latest: linkedin });
    const twice = mergeTouch(once, google);
    expect(twice).toEqual({ first: linkedin, latest: google });
  });

  it("round-trips through the signed cookie value, with and without a separate latest", () => {
    const both: LeadSource = { first: linkedin, latest: google };
    expect(decodeLeadSource(SECRET, encodeLeadSource(SECRET, both))).toEqual(both);
    const one: LeadSource = { first: linkedin, latest: linkedin };
    const value = encodeLeadSource(SECRET, one);
    expect(decodeLeadSource(SECRET, value)).toEqual(one);
    expect(value.length).toBeLessThan(encodeLeadSource(SECRET, both).length);
  });

  it("holds no identifier: the same arrivals give every visitor the same value", () => {
    const a = encodeLeadSource(SECRET, mergeTouch(null, linkedin));
    const b = encodeLeadSource(SECRET, mergeTouch(null, linkedin));
    expect(a).toBe(b);
  });

  it("stays within a browser's cookie size with every field at its longest", () => {
    const long = touchOf({
      url: `/${"p".repeat(400)}?${["source", "medium", "campaign", "term", "content"].map((f) => `utm_${f}=${"é".repeat(300)}`).join("&")}`,
      referer: `https://${"r".repeat(60)}.${"s".repeat(60)}.example/`,
      now,
    });
    if (!long) throw new Error("touch expected");
    const value = encodeLeadSource(SECRET, mergeTouch({ first: linkedin, latest: linkedin }, long));
    expect(value.length).toBeLessThan(COOKIE_MAX_LENGTH);
    expect(decodeLeadSource(SECRET, value)?.latest).toEqual(long);
  });
});

describe("a bad cookie", () => {
  const good = encodeLeadSource(
    SECRET,
    mergeTouch(null, touchOf({ url: "/?utm_source=linkedin", now }) as never),
  );

  it("is ignored, never thrown: changed, unsigned, foreign secret, garbage, too long", () => {
    const [version, payload, signature] = good.split(".");
    const forged = Buffer.from(
      JSON.stringify([["bing", "", "", "", "", "", "/", "2026-11-26"]]),
    ).toString("base64url");
    for (const value of [
      `${version}.${forged}.${signature}`,
      `${version}.${payload}`,
      `${version}.${payload}.${signature}x`,
      `2.${payload}.${signature}`,
      encodeLeadSource("another-secret", decodeLeadSource(SECRET, good) as LeadSource),
      "%%%",
      "1.!!!.???",
      "x".repeat(5000),
      "",
      undefined,
    ]) {
      expect(decodeLeadSource(SECRET, value)).toBeNull();
    }
    expect(decodeLeadSource(SECRET, good)).not.toBeNull();
  });

  it("is replaced by a fresh one on the next outside arrival", () => {
    const setCookie = leadSourceCookieFor(
      page("/?utm_source=newsletter", { cookie: `${LEAD_SOURCE_COOKIE}=1.e30.AAAA` }),
      SITE,
      now,
    );
    expect(sourceAfter(setCookie)?.first.source).toBe("newsletter");
  });
});

describe("the Set-Cookie of a page request", () => {
  it("is sent on a campaign arrival: 90 days, whole site, Lax, HttpOnly, Secure on https", () => {
    const setCookie = leadSourceCookieFor(
      page("/?utm_source=linkedin&utm_campaign=q4-rewards"),
      SITE,
      now,
    );
    expect(setCookie).toMatch(
      /^lead_source=1\.[\w-]+\.[\w-]{22}; Path=\/; Max-Age=7776000; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(sourceAfter(setCookie)?.first).toMatchObject({
      source: "linkedin",
      campaign: "q4-rewards",
      landing: "/",
    });
  });

  it("is not sent when the visitor moves around the site, so the latest is not overwritten", () => {
    const first = leadSourceCookieFor(page("/?utm_source=linkedin"), SITE, now);
    const cookie = `${LEAD_SOURCE_COOKIE}=${cookieValueOf(first)}`;
    expect(
      leadSourceCookieFor(
        page("/contact", { cookie, referer: "https://rewards.example/" }),
        SITE,
        now,
      ),
    ).toBeUndefined();
  });

  it("keeps the first and records the latest on a later outside arrival", () => {
    const first = leadSourceCookieFor(
      page("/?utm_source=linkedin&utm_campaign=q4-rewards"),
      SITE,
      now,
    );
    const later = leadSourceCookieFor(
      page("/guides", {
        cookie: `theme=x; ${LEAD_SOURCE_COOKIE}=${cookieValueOf(first)}`,
        referer: "https://www.google.com/",
      }),
      SITE,
      new Date("2026-12-02T08:00:00Z"),
    );
    expect(sourceAfter(later)).toMatchObject({
      first: { source: "linkedin", campaign: "q4-rewards", date: "2026-11-26" },
      latest: {
        source: "google.com",
        referrer: "google.com",
        landing: "/guides",
        date: "2026-12-02",
      },
    });
  });

  it("is not sent for images, scripts, route data or posts", () => {
    const external = { referer: "https://elsewhere.example/" };
    expect(
      leadSourceCookieFor(page("/media/logo.png", { ...external, accept: "image/*" }), SITE),
    ).toBeUndefined();
    expect(
      leadSourceCookieFor(page("/?utm_source=x", { "sec-fetch-dest": "script" }), SITE),
    ).toBeUndefined();
    expect(leadSourceCookieFor(page("/about.data?utm_source=x"), SITE)).toBeUndefined();
    const post = { ...page("/contact?utm_source=x"), method: "POST" } as IncomingMessage;
    expect(leadSourceCookieFor(post, SITE)).toBeUndefined();
    expect(leadSourceOfCookieHeader(SECRET, undefined)).toBeNull();
  });
});

describe("the server's listener", () => {
  async function serve(listener: Parameters<typeof createServer>[1]) {
    const server = createServer(withLeadSourceCookie(listener as never, SITE));
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
  }

  it("adds the cookie to an answer whose own code sets its cookies later, and leaves the body", async () => {
    const site = await serve((_req, res) => {
      res.setHeader("Set-Cookie", ["theirs=1; Path=/"]);
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<p>same</p>");
    });
    try {
      const arrival = await fetch(`${site.url}/?utm_source=linkedin`, {
        headers: { accept: "text/html" },
      });
      expect(arrival.headers.getSetCookie()).toEqual([
        "theirs=1; Path=/",
        expect.stringMatching(/^lead_source=1\./),
      ]);
      expect(await arrival.text()).toBe("<p>same</p>");
      const inside = await fetch(`${site.url}/about`, {
        headers: { accept: "text/html", referer: `${site.url}/` },
      });
      expect(inside.headers.getSetCookie()).toEqual(["theirs=1; Path=/"]);
    } finally {
      site.close();
    }
  });
});
