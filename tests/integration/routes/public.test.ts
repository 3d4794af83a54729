import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CareerFormInput, careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer } from "~/modules/careers/careers.server";
import { CONTACT_MESSAGES, FORM_TOKEN_FIELD } from "~/modules/enquiries/contact-form";
import { issueFormToken } from "~/modules/enquiries/spam-defence.server";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { NEWSLETTER_MESSAGES } from "~/modules/newsletter/newsletter-form";
import { NEWSLETTER_CONSENT_TEXT } from "~/modules/newsletter/sign-up.server";
import { ARTICLES } from "~/modules/pages/resources.text";
import { DEFAULT_SERVICES } from "~/modules/services/services.defaults";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import * as apiEnquiries from "~/routes/leads/api.enquiries";
import * as apiEnquiriesToken from "~/routes/leads/api.enquiries.token";
import * as apiNewsletter from "~/routes/leads/api.newsletter";
import * as confirm from "~/routes/newsletter/confirm";
import * as subscribePage from "~/routes/newsletter/subscribe";
import * as unsubscribe from "~/routes/newsletter/unsubscribe";
import * as career from "~/routes/public/career";
import * as contact from "~/routes/public/contact";
import * as home from "~/routes/public/home";
import * as insight from "~/routes/public/insight";
import * as publicLayout from "~/routes/public/layout";
import * as services from "~/routes/public/services";
import * as robots from "~/routes/resources/robots";
import * as sitemap from "~/routes/resources/sitemap";
import {
  BASE_URL,
  createRouteHarness,
  type RouteHarness,
  textOf,
} from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";

/*
 * The public site's loaders and actions: page data, 404s, maintenance mode, the enquiry form's
 * server side (validation, spam defence, rate limit), the newsletter, and the resource routes.
 */

const posting = (overrides: Partial<CareerFormInput>) =>
  careerInputSchema.parse({
    title: "Senior Compensation Analyst",
    department: "Analytics",
    location: "New Delhi",
    type: "Full-time",
    experience: "3-5 years",
    salary: "₹12-18 LPA",
    description: "Build market benchmarks and pay structures for growing companies.",
    requirements: ["Advanced Excel"],
    responsibilities: ["Run benchmarking studies"],
    benefits: ["Learning budget"],
    status: "active",
    ...overrides,
  });

const VALID_ENQUIRY = {
  firstName: "Priya",
  lastName: "Nair",
  email: "priya.nair@example.com",
  company: "Lotus Fintech",
};

/** A form token dated past the minimum fill time: what a person who took their time sends. */
const backdatedToken = () => issueFormToken(TEST_AUTH_SECRET, Date.now() - 3_200);

let nextAddress = 10;
/** A client address of its own per test, so per-address limits of one do not touch another. */
const freshAddress = () => `198.18.0.${nextAddress++}`;

describe.each(DIALECTS)("the public site (%s)", (dialect) => {
  let h: RouteHarness;
  let activeId: string;
  let draftId: string;
  let closedId: string;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    activeId = (await createCareer(h.db, posting({}))).id;
    draftId = (await createCareer(h.db, posting({ title: "Future Role", status: "draft" }))).id;
    closedId = (await createCareer(h.db, posting({ title: "Old Role", status: "closed" }))).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const enquiriesFrom = (email: string) =>
    h.db.selectFrom("enquiries").selectAll().where("email", "=", email).execute();
  const subscriberOf = (email: string) =>
    h.db
      .selectFrom("newsletterSubscribers")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();

  describe("pages", () => {
    it("gives the home page its hero and the six services from the database", async () => {
      const out = await h.loader<{ hero: { title: string }; services: { id: string }[] }>(
        home,
        h.get("/"),
        { context: await h.publicContext() },
      );
      expect(out.data.hero.title).toBe("People. Purpose. Pay. Perfectly Aligned.");
      expect(out.data.services.map((s) => s.id)).toEqual(DEFAULT_SERVICES.map((s) => s.id));
    });

    it("shows the built-in services when none are stored", async () => {
      await h.db.deleteFrom("services").execute();
      const out = await h.loader<{ services: { id: string }[] }>(services, h.get("/services"));
      expect(out.data.services.map((s) => s.id)).toEqual(DEFAULT_SERVICES.map((s) => s.id));
    });

    it("gives an active posting its page and answers 404 for draft, closed and unknown ones", async () => {
      const ok = await h.loader<{ posting: { title: string } }>(
        career,
        h.get(`/careers/${activeId}`),
        { params: { id: activeId } },
      );
      expect(ok.status).toBe(200);
      expect(ok.data.posting.title).toBe("Senior Compensation Analyst");
      for (const id of [draftId, closedId, "no-such-role"]) {
        const out = await h.loader(career, h.get(`/careers/${id}`), { params: { id } });
        expect(out.status, id).toBe(404);
        expect(out.thrown, id).toBe(true);
      }
    });

    it("answers 404 for an unknown article", async () => {
      const slug = ARTICLES[0]!.slug;
      expect(
        (await h.loader(insight, h.get(`/insights/${slug}`), { params: { slug } })).status,
      ).toBe(200);
      const out = await h.loader(insight, h.get("/insights/no-such-article"), {
        params: { slug: "no-such-article" },
      });
      expect(out.status).toBe(404);
    });

    it("names the posting or resource the visitor came from on the contact page, and nothing else", async () => {
      const preset = async (query: string) =>
        (
          await h.loader<{ preset?: { kind: string; label: string; source: string } }>(
            contact,
            h.get(`/contact${query}`),
            { context: await h.publicContext() },
          )
        ).data.preset;
      expect(await preset(`?position=${activeId}`)).toEqual({
        kind: "position",
        label: "Senior Compensation Analyst",
        source: `career:${activeId}`,
      });
      expect(await preset("?resource=esop-design-playbook")).toEqual({
        kind: "resource",
        label: "The ESOP Design Playbook for Indian Startups",
        source: "resource:esop-design-playbook",
      });
      expect(await preset(`?position=${draftId}`)).toBeUndefined();
      expect(await preset("?resource=no-such-resource")).toBeUndefined();
    });
  });

  describe("maintenance mode", () => {
    it("answers public pages and their posts with 503 (Retry-After), the layout with the contact details", async () => {
      await saveGeneralSettings(h.db, { ...DEFAULT_GENERAL_SETTINGS, maintenanceMode: true });
      try {
        const context = await h.publicContext();
        const out = await h.loader(publicLayout, h.get("/services"), { context });
        expect(out.status).toBe(503);
        expect(out.data).toEqual({
          siteName: DEFAULT_GENERAL_SETTINGS.siteName,
          email: DEFAULT_GENERAL_SETTINGS.email,
        });
        const [gate] = publicLayout.middleware;
        const page = (await gate!(
          { request: h.get("/"), context: h.context(), params: {} } as never,
          async () => new Response("maintenance page", { status: 503 }),
        )) as Response;
        expect(page.headers.get("retry-after")).toBe("3600");
        let reached = false;
        const post = await h.action(
          {
            action: (args: Parameters<typeof gate & {}>[0]) =>
              gate!(args, async () => {
                reached = true;
                return new Response("stored");
              }),
          },
          h.post("/contact", { firstName: "A" }),
        );
        expect(post.status).toBe(503);
        expect(reached).toBe(false);
      } finally {
        await saveGeneralSettings(h.db, DEFAULT_GENERAL_SETTINGS);
      }
      const open = await h.loader(publicLayout, h.get("/"), { context: await h.publicContext() });
      expect(open.status).toBe(200);
    });
  });

  describe("the enquiry form's server side", () => {
    type Failure = {
      status: string;
      formError: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };
    const send = (fields: Record<string, string>, address = freshAddress()) =>
      h.action<Failure>(
        contact,
        h.post("/contact", fields, { headers: { "x-client-address": address } }),
        { context: h.context({ address }) },
      );

    it("puts each field's message next to it and keeps what was typed", async () => {
      const out = await send({
        email: "not-an-email",
        phone: "call me maybe",
        title: "Head of HR",
        message: "Please keep this message.",
        companySize: "51-200",
      });
      expect(out.status).toBe(400);
      expect(out.data.formError).toBe(CONTACT_MESSAGES.invalid);
      expect(out.data.fieldErrors).toEqual({
        firstName: "First name is required",
        lastName: "Last name is required",
        email: "Enter a valid email address",
        company: "Company is required",
        phone: "Use digits, spaces, +, -, ( and ) only",
      });
      expect(out.data.values).toMatchObject({
        email: "not-an-email",
        title: "Head of HR",
        message: "Please keep this message.",
        companySize: "51-200",
      });
      const empty = await send({ ...VALID_ENQUIRY, email: "" });
      expect(empty.data.fieldErrors.email).toBe("Email is required");
    });

    it("checks lengths and option values on the server", async () => {
      const out = await send({
        firstName: "x".repeat(81),
        lastName: "Doe",
        email: `${"a".repeat(250)}@example.com`,
        company: "Acme",
        companySize: "2000",
        industry: "mining",
        service: "payroll",
        timeline: "yesterday",
        message: "m".repeat(5001),
      });
      expect(out.status).toBe(400);
      expect(out.data.fieldErrors).toEqual({
        firstName: "Must be at most 80 characters",
        email: "Must be at most 254 characters",
        companySize: "Choose a company size from the list",
        industry: "Choose an industry from the list",
        service: "Choose a service from the list",
        timeline: "Choose a timeline from the list",
        message: "Must be at most 5000 characters",
      });
    });

    it("stores a valid enquiry with its newsletter choice and source", async () => {
      const email = "nojs.visitor@example.com";
      const out = await send({
        ...VALID_ENQUIRY,
        email,
        message: "We are 120 people.",
        service: "benchmarking",
        timeline: "short",
        newsletter: "on",
        source: `career:${activeId}`,
        [FORM_TOKEN_FIELD]: backdatedToken(),
      });
      expect(out.status).toBe(200);
      expect(out.data).toEqual({ status: "success" });
      const [stored] = await enquiriesFrom(email);
      expect(stored).toMatchObject({
        fullName: "Priya Nair",
        company: "Lotus Fintech",
        service: "benchmarking",
        timeline: "short",
        message: "We are 120 people.",
        status: "new",
        source: `career:${activeId}`,
        spamReason: null,
      });
      expect(Boolean(stored?.newsletter)).toBe(true);
      // No SMTP configured: the sign-up is confirmed at once.
      expect((await subscriberOf(email))?.status).toBe("subscribed");
    });

    it("holds a filled honeypot and a too-fast post as spam, answering as usual, mailing nobody", async () => {
      const honeypot = await send({
        ...VALID_ENQUIRY,
        email: "honeypot@example.com",
        hp_comment: "https://cheap-pills.example",
        [FORM_TOKEN_FIELD]: backdatedToken(),
      });
      const speedy = await send({
        ...VALID_ENQUIRY,
        email: "speedy@example.com",
        [FORM_TOKEN_FIELD]: issueFormToken(TEST_AUTH_SECRET),
      });
      expect(honeypot.data).toEqual({ status: "success" });
      expect(speedy.data).toEqual({ status: "success" });
      const [a] = await enquiriesFrom("honeypot@example.com");
      const [b] = await enquiriesFrom("speedy@example.com");
      expect(a?.spamReason).toBe("honeypot");
      expect(b?.spamReason).toBe("too_fast");
      const mails = await h.db
        .selectFrom("mailOutbox")
        .select("id")
        .where("relatedId", "in", [a!.id, b!.id])
        .execute();
      expect(mails).toEqual([]);
    });

    it("turns an address away after 5 enquiries in 10 minutes, keeping the input; others go on", async () => {
      const address = freshAddress();
      for (let i = 0; i < 5; i++) {
        const out = await send(
          {
            ...VALID_ENQUIRY,
            email: `burst${i}@example.com`,
            [FORM_TOKEN_FIELD]: backdatedToken(),
          },
          address,
        );
        expect(out.status).toBe(200);
      }
      const sixth = await send(
        {
          ...VALID_ENQUIRY,
          email: "burst6@example.com",
          message: "Sixth",
          [FORM_TOKEN_FIELD]: backdatedToken(),
        },
        address,
      );
      expect(sixth.status).toBe(429);
      expect(sixth.data.formError).toBe(CONTACT_MESSAGES.rateLimited);
      expect(sixth.data.values.message).toBe("Sixth");
      expect(await enquiriesFrom("burst6@example.com")).toEqual([]);
      const neighbour = await send({
        ...VALID_ENQUIRY,
        email: "neighbour@example.com",
        [FORM_TOKEN_FIELD]: backdatedToken(),
      });
      expect(neighbour.data).toEqual({ status: "success" });
    });

    it("answers the JSON endpoint the form uses with JavaScript, and GETs with 405", async () => {
      const address = freshAddress();
      const out = await h.action(
        apiEnquiries,
        h.post(
          "/api/enquiries",
          {
            ...VALID_ENQUIRY,
            email: "js.visitor@example.com",
            industry: "fintech",
            phone: "+91 98100 12345",
            [FORM_TOKEN_FIELD]: backdatedToken(),
          },
          { headers: { "x-client-address": address } },
        ),
        { context: h.context({ address }) },
      );
      expect(out.status).toBe(200);
      expect(out.data).toEqual({ status: "success" });
      expect(out.headers.get("cache-control")).toBe("no-store");
      const [stored] = await enquiriesFrom("js.visitor@example.com");
      expect(stored).toMatchObject({ industry: "fintech", phone: "+91 98100 12345" });
      const invalid = await h.action<Failure>(apiEnquiries, h.post("/api/enquiries", {}));
      expect(invalid.status).toBe(400);
      expect(invalid.data.fieldErrors.firstName).toBe("First name is required");
      const get = await h.loader(apiEnquiries, h.get("/api/enquiries"));
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
    });

    it("hands a fresh form token to a form reached by a client-side navigation", async () => {
      const out = await h.loader<{ token: string }>(
        apiEnquiriesToken,
        h.get("/api/enquiries/token"),
      );
      expect(out.data.token).toMatch(/^v1\./);
      expect(out.headers.get("cache-control")).toBe("no-store");
    });
  });

  describe("the newsletter", () => {
    it("without JavaScript, sends the visitor back to the page with the result", async () => {
      const out = await h.action(
        subscribePage,
        h.post("/newsletter", {
          email: "  Footer.Reader@Example.com ",
          source: "footer",
          returnTo: "/about",
          formId: "footer-newsletter",
        }),
      );
      expect(out.status).toBe(303);
      const target = new URL(out.location, BASE_URL);
      expect(target.pathname).toBe("/about");
      expect(target.hash).toBe("#footer-newsletter");
      expect(target.search).toContain("subscribed");
      const subscriber = await subscriberOf("footer.reader@example.com");
      expect(subscriber).toMatchObject({
        status: "subscribed",
        source: "footer:/about",
        consentText: NEWSLETTER_CONSENT_TEXT,
      });
      expect(Date.parse(subscriber!.consentedAt)).toBeGreaterThan(Date.now() - 60_000);
    });

    it("shows a bad address again with its message when it was posted without JavaScript", async () => {
      const out = await h.action<{ result: unknown; email: string; returnTo: string }>(
        subscribePage,
        h.post("/newsletter", {
          email: "not-an-address",
          source: "footer",
          returnTo: "/services",
          formId: "footer-newsletter",
        }),
      );
      expect(out.status).toBe(400);
      expect(textOf(out.data.result)).toContain("Enter a valid email address");
      expect(out.data.email).toBe("not-an-address");
      expect(out.data.returnTo).toBe("/services");
    });

    it("answers the JSON endpoint once per address, whatever its case", async () => {
      const post = (email: string) =>
        h.action(
          apiNewsletter,
          h.post("/api/newsletter", { email, source: "resources", returnTo: "/resources" }),
        );
      const first = await post("js.reader@example.com");
      expect(first.status).toBe(200);
      expect(textOf(first.data)).toContain(NEWSLETTER_MESSAGES.subscribed);
      expect((await subscriberOf("js.reader@example.com"))?.source).toBe("resources:/resources");
      const again = await post("JS.Reader@example.com");
      expect(textOf(again.data)).toContain(NEWSLETTER_MESSAGES.subscribed);
      const rows = await h.db
        .selectFrom("newsletterSubscribers")
        .select("id")
        .where("email", "=", "js.reader@example.com")
        .execute();
      expect(rows).toHaveLength(1);
      expect((await h.loader(apiNewsletter, h.get("/api/newsletter"))).status).toBe(405);
    });

    it("confirms a pending sign-up by its link, once, and refuses an unknown link", async () => {
      const { subscriber } = await subscribe(h.db, {
        email: "pending@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: false,
      });
      const link = `/newsletter/confirm?token=${subscriber.token}`;
      const first = await h.loader<{ state: string }>(confirm, h.get(link));
      expect(first.status).toBe(200);
      expect(first.data.state).toBe("confirmed");
      expect((await subscriberOf("pending@example.com"))?.status).toBe("subscribed");
      expect((await h.loader(confirm, h.get(link))).status).toBe(200);
      expect((await h.loader(confirm, h.get("/newsletter/confirm?token=x"))).status).toBe(404);
    });

    it("unsubscribes in one click, idempotently, by link and by the mail program's POST", async () => {
      const { subscriber } = await subscribe(h.db, {
        email: "leaver@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: true,
      });
      const link = `/newsletter/unsubscribe?token=${subscriber.token}`;
      const first = await h.loader<{ found: boolean }>(unsubscribe, h.get(link));
      expect(first.status).toBe(200);
      expect(first.data.found).toBe(true);
      const left = await subscriberOf("leaver@example.com");
      expect(left?.status).toBe("unsubscribed");
      expect((await h.loader(unsubscribe, h.get(link))).status).toBe(200);
      expect((await subscriberOf("leaver@example.com"))?.unsubscribedAt).toBe(left?.unsubscribedAt);
      // RFC 8058: the mail program posts "List-Unsubscribe=One-Click" to the header's URL.
      const oneClick = await h.action(
        unsubscribe,
        new Request(h.url(link), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      );
      expect(oneClick.status).toBe(200);
      const unknown = await h.loader<{ found: boolean }>(
        unsubscribe,
        h.get("/newsletter/unsubscribe?token=nope"),
      );
      expect(unknown.status).toBe(404);
      expect(unknown.data.found).toBe(false);
    });
  });

  describe("resource routes", () => {
    it("lists public pages and active postings, and nothing else, in /sitemap.xml", async () => {
      const out = await h.loader(sitemap, h.get("/sitemap.xml"));
      expect(out.status).toBe(200);
      expect(out.headers.get("content-type")).toContain("application/xml");
      const xml = await out.response!.text();
      const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      for (const path of ["/", "/about", "/services", "/resources", "/insights", "/careers"]) {
        expect(locations).toContain(`${BASE_URL}${path}`);
      }
      for (const path of ["/contact", "/terms", "/privacy", `/insights/${ARTICLES[0]!.slug}`]) {
        expect(locations).toContain(`${BASE_URL}${path}`);
      }
      expect(locations).toContain(`${BASE_URL}/careers/${activeId}`);
      expect(xml).not.toContain(`/careers/${draftId}<`);
      expect(xml).not.toContain(`/careers/${closedId}<`);
      for (const location of locations) expect(location.startsWith(`${BASE_URL}/`)).toBe(true);
      expect(locations.some((l) => /\/admin|\/api/.test(l))).toBe(false);
    });

    it("keeps crawlers out of /admin and /api in /robots.txt and points to the sitemap", async () => {
      const out = await h.loader(robots, h.get("/robots.txt"));
      expect(out.status).toBe(200);
      expect(out.headers.get("content-type")).toContain("text/plain");
      const lines = (await out.response!.text()).split("\n");
      expect(lines).toContain("User-agent: *");
      expect(lines).toContain("Disallow: /admin");
      expect(lines).toContain("Disallow: /api");
      expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    });
  });
});
