import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CareerFormInput, careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer, deleteAllCareers } from "~/modules/careers/careers.server";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { jsonLdBlocks, tagTexts, waitForHydration, withServerDb } from "./public-support";

const posting = (overrides: Partial<CareerFormInput>) =>
  careerInputSchema.parse({
    title: "Senior Compensation Analyst",
    department: "Analytics",
    location: "New Delhi",
    type: "Full-time",
    experience: "3-5 years",
    salary: "₹12-18 LPA",
    description: "Build market benchmarks and pay structures for growing companies.",
    requirements: ["Advanced Excel", "Salary survey experience"],
    responsibilities: ["Run benchmarking studies", "Model pay ranges"],
    benefits: ["Health cover for parents", "Learning budget"],
    status: "active",
    ...overrides,
  });

/** The careers page, posting pages and Apply Now, with postings written to the database. */
describe("public careers", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const html = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, html: await response.text() };
  };

  it("says No Open Positions with a Get in Touch link when no posting is active", async () => {
    await withServerDb(server, async (db) => {
      await deleteAllCareers(db);
      await createCareer(db, posting({ title: "Draft Role", status: "draft" }));
      await createCareer(db, posting({ title: "Closed Role", status: "closed" }));
    });
    const { status, html: page } = await html("/careers");
    expect(status).toBe(200);
    expect(tagTexts(page, "h3")).toContain("No Open Positions");
    expect(page).toMatch(/<a[^>]*href="\/contact"[^>]*>Get in Touch<\/a>/);
    expect(page).not.toContain("Draft Role");
    expect(page).not.toContain("Closed Role");
    // The perks, values and the resume link are there either way.
    for (const value of ["Excellence", "Integrity", "Innovation", "Collaboration"]) {
      expect(tagTexts(page, "h3")).toContain(value);
    }
    expect(page).toMatch(/href="mailto:[^"]+"[^>]*>.*Send Your Resume/s);
  });

  describe("with active, draft and closed postings", () => {
    let activeId: string;
    let otherActiveId: string;
    let draftId: string;
    let closedId: string;

    beforeAll(async () => {
      await withServerDb(server, async (db) => {
        await deleteAllCareers(db);
        activeId = (await createCareer(db, posting({}))).id;
        otherActiveId = (
          await createCareer(
            db,
            posting({
              title: "Business Development Associate",
              department: "Business Development",
              location: "Remote (India)",
              type: "Contract",
              salary: "Competitive",
              responsibilities: [],
            }),
          )
        ).id;
        draftId = (await createCareer(db, posting({ title: "Future Role", status: "draft" }))).id;
        closedId = (await createCareer(db, posting({ title: "Old Role", status: "closed" }))).id;
        await db
          .updateTable("careers")
          .set({ applications: 7 })
          .where("id", "=", activeId)
          .execute();
      });
    });

    it("lists only active postings, with every field", async () => {
      const { html: page } = await html("/careers");
      expect(page).not.toContain("No Open Positions");
      expect(page).toContain("Senior Compensation Analyst");
      expect(page).toContain("Business Development Associate");
      expect(page).not.toContain("Future Role");
      expect(page).not.toContain("Old Role");
      for (const field of [
        "Analytics",
        "New Delhi",
        "Full-time",
        "3-5 years",
        "₹12-18 LPA",
        "Build market benchmarks and pay structures for growing companies.",
        "Advanced Excel",
        "Run benchmarking studies",
        "Health cover for parents",
        "7 applications",
        "Remote (India)",
        "Contract",
      ]) {
        expect(page, field).toContain(field);
      }
      const today = new Date().toISOString().slice(0, 10);
      expect(page).toContain(`<time dateTime="${today}">`);
      expect(page).toContain(`href="/contact?position=${activeId}#consultation"`);
      expect(page).toContain(`href="/careers/${activeId}"`);
    });

    it("gives each active posting its own page with JobPosting data that parses", async () => {
      const { status, html: page } = await html(`/careers/${activeId}`);
      expect(status).toBe(200);
      expect(tagTexts(page, "h1")).toEqual(["Senior Compensation Analyst"]);
      expect(tagTexts(page, "title")[0]).toContain("Senior Compensation Analyst");
      const job = jsonLdBlocks(page).find((block) => block["@type"] === "JobPosting");
      expect(job).toMatchObject({
        "@context": "https://schema.org",
        title: "Senior Compensation Analyst",
        datePosted: new Date().toISOString().slice(0, 10),
        employmentType: "FULL_TIME",
        hiringOrganization: { "@type": "Organization", name: "Total Rewards Consulting" },
        jobLocation: {
          "@type": "Place",
          address: { addressLocality: "New Delhi", addressCountry: "IN" },
        },
        baseSalary: {
          "@type": "MonetaryAmount",
          currency: "INR",
          value: { minValue: 1_200_000, maxValue: 1_800_000, unitText: "YEAR" },
        },
        url: `${server.url}/careers/${activeId}`,
      });
      expect(String(job!.description)).toContain("Build market benchmarks");
      const crumbs = jsonLdBlocks(page).find((block) => block["@type"] === "BreadcrumbList");
      expect(crumbs).toBeTruthy();
    });

    it("leaves out a salary that cannot be read as an amount, and maps the type", async () => {
      const { html: page } = await html(`/careers/${otherActiveId}`);
      const job = jsonLdBlocks(page).find((block) => block["@type"] === "JobPosting")!;
      expect(job.baseSalary).toBeUndefined();
      expect(job.employmentType).toBe("CONTRACTOR");
      expect(job.jobLocationType).toBe("TELECOMMUTE");
    });

    it("answers 404 for draft, closed and unknown postings", async () => {
      for (const id of [draftId, closedId, "no-such-role"]) {
        const { status, html: page } = await html(`/careers/${id}`);
        expect(status, id).toBe(404);
        expect(tagTexts(page, "h1")).toEqual(["Page Not Found"]);
      }
    });

    it("leads Apply Now to the enquiry form with the position named", async () => {
      const context = await browser.newContext({ serviceWorkers: "block" });
      const page: Page = await context.newPage();
      await page.goto(`${server.url}/careers`);
      await waitForHydration(page);
      await page.getByRole("link", { name: /^Apply Now\s*: Senior Compensation Analyst$/ }).click();
      await page.waitForURL(/\/contact\?position=senior-compensation-analyst#consultation$/);
      await expect
        .poll(() => page.locator("#consultation").textContent())
        .toContain("Senior Compensation Analyst");
      await context.close();
      // Without JavaScript the page says the same (the server renders the preset).
      const direct = await html(`/contact?position=${activeId}`);
      expect(direct.html).toMatch(
        /Position: (<!-- -->)?<strong>Senior Compensation Analyst<\/strong>/,
      );
      // A draft posting names nothing.
      const draft = await html(`/contact?position=${draftId}`);
      expect(draft.status).toBe(200);
      expect(draft.html).not.toContain("Future Role");
      expect(draft.html).not.toContain("Position: ");
    });
  });

  it("leads a resource request to the enquiry form with the resource named", async () => {
    const { html: resources } = await html("/resources");
    const href = /href="(\/contact\?resource=([a-z0-9-]+)#consultation)"/.exec(resources);
    expect(href).toBeTruthy();
    const { html: contact } = await html(href![1]!.replace("#consultation", ""));
    expect(contact).toMatch(
      /Resource: (<!-- -->)?<strong>The ESOP Design Playbook for Indian Startups<\/strong>/,
    );
    const unknown = await html("/contact?resource=no-such-resource");
    expect(unknown.status).toBe(200);
    expect(unknown.html).not.toContain("Resource: ");
  });
});
