import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY, TERMS } from "~/modules/pages/legal.text";
import { DEFAULT_SERVICES } from "~/modules/services/services.defaults";
import { resetServicesToDefaults } from "~/modules/services/services.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { getGeneralSettings, saveGeneralSettings } from "~/modules/settings/settings.server";
import { startServer, type TestServer } from "../support/server";
import { jsonLdBlocks, metaContent, PUBLIC_PATHS, tagTexts, withServerDb } from "./public-support";

/** Server-rendered public pages: status, headings, titles, meta tags, structured data. */
describe("public pages (server-rendered)", () => {
  let server: TestServer;
  const pages = new Map<string, { status: number; html: string }>();

  beforeAll(async () => {
    server = await startServer();
    for (const path of PUBLIC_PATHS) {
      const response = await fetch(`${server.url}${path}`);
      pages.set(path, { status: response.status, html: await response.text() });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(PUBLIC_PATHS)("%s answers 200 with exactly one h1 and a title", (path) => {
    const { status, html } = pages.get(path)!;
    expect(status).toBe(200);
    const h1 = tagTexts(html, "h1");
    expect(h1).toHaveLength(1);
    expect(h1[0]!.length).toBeGreaterThan(3);
    expect(tagTexts(html, "title")[0]).toContain(DEFAULT_GENERAL_SETTINGS.siteName);
    expect(html).toContain('<main id="main"');
    expect(html).toContain('href="#main"');
  });

  it("gives every page its own title and description", () => {
    const titles = PUBLIC_PATHS.map((path) => tagTexts(pages.get(path)!.html, "title")[0]);
    const descriptions = PUBLIC_PATHS.map((path) =>
      metaContent(pages.get(path)!.html, "name", "description"),
    );
    expect(new Set(titles).size).toBe(PUBLIC_PATHS.length);
    expect(new Set(descriptions).size).toBe(PUBLIC_PATHS.length);
    for (const description of descriptions) expect(description!.length).toBeGreaterThan(50);
  });

  it("renders the content the server has, not a loading state", () => {
    const home = pages.get("/")!.html;
    expect(home).toContain("People. Purpose. Pay. Perfectly Aligned.");
    expect(home).toContain("Equity Compensation &amp; Long-Term Incentives");
    expect(home).not.toContain("Loading...");
    const services = pages.get("/services")!.html;
    for (const id of ["equity", "executive", "variable", "benefits", "benchmarking", "rewards"]) {
      expect(services).toContain(`id="${id}"`);
    }
    expect(services).toContain("Discovery and Assessment");
    expect(services).toContain("Industries We Serve");
    expect(pages.get("/about")!.html).toContain('id="team"');
    expect(pages.get("/contact")!.html).toContain('id="consultation"');
  });

  it("sends every Schedule button to the booking page, and keeps the contact form", () => {
    const links = (html: string, text: string) =>
      [...html.matchAll(/<a[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs)]
        .filter((match) => match[2]!.replace(/<[^>]*>/g, "").trim() === text)
        .map((match) => match[1]);
    const home = pages.get("/")!.html;
    // The header's button and the phone menu's link (in the page, for the menu without scripts).
    expect(links(home, "Schedule Consultation")).toEqual(["/book", "/book"]);
    expect(links(home, "Schedule Free Consultation")).toEqual(["/book", "/book"]);
    const contact = pages.get("/contact")!.html;
    expect(links(contact, "Schedule Free Consultation")).toEqual(["/book"]);
    expect(contact).toContain('aria-label="Enquiry form"');
  });

  it("links each page to its canonical URL and to a link-preview image", async () => {
    for (const path of PUBLIC_PATHS) {
      const { html } = pages.get(path)!;
      expect(html).toContain(`<link rel="canonical" href="${server.url}${path}"/>`);
      expect(metaContent(html, "property", "og:url")).toBe(`${server.url}${path}`);
      expect(metaContent(html, "property", "og:title")).toBe(tagTexts(html, "title")[0]);
      expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
      expect(metaContent(html, "property", "og:image")).toBe(`${server.url}/og-image.png`);
    }
    const image = await fetch(`${server.url}/og-image.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });

  it("describes the firm as a ProfessionalService with contact points on every page", () => {
    for (const path of PUBLIC_PATHS) {
      const blocks = jsonLdBlocks(pages.get(path)!.html);
      const firm = blocks.find((block) => block["@type"] === "ProfessionalService");
      expect(firm, path).toMatchObject({
        "@context": "https://schema.org",
        name: DEFAULT_GENERAL_SETTINGS.siteName,
        email: DEFAULT_GENERAL_SETTINGS.email,
        telephone: DEFAULT_GENERAL_SETTINGS.phone,
        url: `${server.url}/`,
        address: { addressLocality: "New Delhi", addressCountry: "IN" },
      });
      // The settings' placeholder LinkedIn address is LinkedIn's home page: no profile to name.
      expect(firm, path).not.toHaveProperty("sameAs");
      const contactPoints = firm!.contactPoint as Record<string, string>[];
      expect(contactPoints.length).toBeGreaterThan(0);
      for (const point of contactPoints) {
        expect(point["@type"]).toBe("ContactPoint");
        expect(point.email).toBe(DEFAULT_GENERAL_SETTINGS.email);
        expect(point.contactType).toBeTruthy();
      }
    }
  });

  it("gives every page but the home page a breadcrumb trail ending at itself", () => {
    for (const path of PUBLIC_PATHS.filter((p) => p !== "/")) {
      const trail = jsonLdBlocks(pages.get(path)!.html).find(
        (block) => block["@type"] === "BreadcrumbList",
      );
      const items = trail?.itemListElement as { position: number; item: string }[];
      expect(items?.[0]?.item, path).toBe(`${server.url}/`);
      expect(items.at(-1)!.item).toBe(`${server.url}${path}`);
      expect(items.map((item) => item.position)).toEqual(items.map((_, i) => i + 1));
    }
  });

  it("answers the four contact FAQs as FAQPage data on /contact", () => {
    const html = pages.get("/contact")!.html;
    const faq = jsonLdBlocks(html).find((block) => block["@type"] === "FAQPage");
    const questions = faq?.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions).toHaveLength(4);
    for (const question of questions) {
      expect(html).toContain(question.name.replace(/'/g, "&#x27;"));
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(50);
    }
  });

  it.each([
    ["/terms", TERMS],
    ["/privacy", PRIVACY],
  ] as const)("%s shows 13 numbered sections and the date its text last changed", (path, doc) => {
    const html = pages.get(path)!.html;
    const headings = tagTexts(html, "h2").filter((h) => /^\d+\. /.test(h));
    expect(headings).toHaveLength(13);
    expect(headings.map((h) => Number.parseInt(h, 10))).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 1),
    );
    expect(html).toContain(`<time dateTime="${doc.lastUpdated}">`);
    expect(doc.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The brand and e-mail come from settings, filled into the text.
    expect(html).not.toContain("{siteName}");
    expect(html).toContain(DEFAULT_GENERAL_SETTINGS.email);
  });

  it("states the legal commitments: Indian law, 30 days' notice, no data from under-18s", () => {
    expect(pages.get("/terms")!.html).toMatch(/governed by the laws of India/);
    expect(pages.get("/terms")!.html).toMatch(/at least 30 days(&#x27;|')? notice/);
    expect(pages.get("/privacy")!.html).toMatch(/under the age of 18/);
  });

  it("answers unknown paths with Page Not Found inside the site, status 404", async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(tagTexts(html, "h1")).toEqual(["Page Not Found"]);
    expect(metaContent(html, "name", "robots")).toBe("noindex");
    for (const href of ['href="/"', 'href="/services"', 'href="/contact"']) {
      expect(html).toContain(href);
    }
    expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>Report Issue<\/a>/);
    // Inside the public layout: header and footer are there.
    expect(html).toContain('aria-label="Primary"');
    expect(html).toContain("Admin Dashboard");
    expect((await fetch(`${server.url}/insights/no-such-article`)).status).toBe(404);
    // On admin paths the public header and footer stay off.
    const admin = await fetch(`${server.url}/admin/no-such-page`);
    expect(admin.status).toBe(404);
    const adminHtml = await admin.text();
    expect(tagTexts(adminHtml, "h1")).toEqual(["Page Not Found"]);
    expect(adminHtml).not.toContain('aria-label="Primary"');
    expect(adminHtml).not.toContain("Admin Dashboard");
  });

  it("takes the brand, e-mail and phone from settings everywhere", async () => {
    await withServerDb(server, async (db) => {
      const settings = await getGeneralSettings(db);
      await saveGeneralSettings(db, {
        ...settings,
        siteName: "Meridian Rewards",
        email: "team@meridian.example",
        phone: "+91 98100 12345",
      });
    });
    try {
      for (const path of ["/", "/contact", "/terms"]) {
        const html = await (await fetch(`${server.url}${path}`)).text();
        expect(tagTexts(html, "title")[0]).toContain("Meridian Rewards");
        expect(html).toContain("team@meridian.example");
        expect(html).toContain("+91 98100 12345");
        expect(html).toContain(`© ${new Date().getFullYear()} Meridian Rewards`);
        expect(html).not.toContain(DEFAULT_GENERAL_SETTINGS.siteName);
        expect(html).not.toContain(DEFAULT_GENERAL_SETTINGS.email);
      }
    } finally {
      await withServerDb(server, (db) => saveGeneralSettings(db, DEFAULT_GENERAL_SETTINGS));
    }
  });

  it("shows the built-in services when none are stored", async () => {
    await withServerDb(server, (db) => db.deleteFrom("services").execute());
    try {
      const services = await (await fetch(`${server.url}/services`)).text();
      const home = await (await fetch(server.url)).text();
      for (const service of DEFAULT_SERVICES) {
        expect(services).toContain(`id="${service.id}"`);
        expect(home).toContain(`href="/services/${service.id}"`);
      }
    } finally {
      await withServerDb(server, (db) => resetServicesToDefaults(db));
    }
  });

  it("answers every public page with 503 and the maintenance page in maintenance mode", async () => {
    await withServerDb(server, (db) =>
      saveGeneralSettings(db, { ...DEFAULT_GENERAL_SETTINGS, maintenanceMode: true }),
    );
    try {
      for (const path of [...PUBLIC_PATHS, "/no-such-page"]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(503);
        expect(response.headers.get("retry-after")).toBe("3600");
        const html = await response.text();
        expect(tagTexts(html, "h1")).toEqual(["We'll be back soon"]);
        expect(html).toContain(DEFAULT_GENERAL_SETTINGS.siteName);
        expect(html).toContain(`mailto:${DEFAULT_GENERAL_SETTINGS.email}`);
        expect(metaContent(html, "name", "robots")).toBe("noindex");
      }
      // Client-side navigations (data requests) and form posts are held too.
      expect((await fetch(`${server.url}/services.data`)).status).toBe(503);
      const post = await fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "firstName=A",
      });
      expect(post.status).toBe(503);
      // The admin sign-in page and the API keep working.
      expect((await fetch(`${server.url}/admin/login`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/auth/ok`)).status).toBe(200);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await withServerDb(server, (db) => saveGeneralSettings(db, DEFAULT_GENERAL_SETTINGS));
    }
    expect((await fetch(server.url)).status).toBe(200);
  });
});
