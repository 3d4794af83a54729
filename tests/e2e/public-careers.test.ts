import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CareerFormInput, careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer, deleteAllCareers } from "~/modules/careers/careers.server";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { jsonLdBlocks, tagTexts, withServerDb } from "./public-support";

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
              salary: "",
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
        // Typed as "₹12-18 LPA", stored and shown in lakhs per annum with an en dash.
        "₹12–18 LPA",
        "Build market benchmarks and pay structures for growing companies.",
        "Advanced Excel",
        "Run benchmarking studies",
        "Health cover for parents",
        // Seven applications show as the figure's step (issue 22: "5+", not the exact count).
        "5+ applications",
        "Remote (India)",
        "Contract",
      ]) {
        expect(page, field).toContain(field);
      }
      const today = new Date().toISOString().slice(0, 10);
      expect(page).toContain(`<time dateTime="${today}">`);
      expect(page).toContain(`href="/careers/${activeId}#apply"`);
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

    it("leaves out the salary of a posting that gives none, and maps the type", async () => {
      const { html: page } = await html(`/careers/${otherActiveId}`);
      const job = jsonLdBlocks(page).find((block) => block["@type"] === "JobPosting")!;
      expect(job.baseSalary).toBeUndefined();
      expect(job.employmentType).toBe("CONTRACTOR");
      expect(job.jobLocationType).toBe("TELECOMMUTE");
    });

    it("answers 404 for draft and unknown postings, and keeps a closed one's page without the form", async () => {
      for (const id of [draftId, "no-such-role"]) {
        const { status, html: page } = await html(`/careers/${id}`);
        expect(status, id).toBe(404);
        expect(tagTexts(page, "h1")).toEqual(["Page Not Found"]);
      }
      const closed = await html(`/careers/${closedId}`);
      expect(closed.status).toBe(200);
      expect(tagTexts(closed.html, "h1")).toEqual(["Old Role"]);
      expect(closed.html).toContain("This position is closed");
      expect(closed.html).not.toContain('type="file"');
      expect(jsonLdBlocks(closed.html).some((block) => block["@type"] === "JobPosting")).toBe(
        false,
      );
    });

    it("sends an old Apply Now link to the enquiry form on to the posting's application form", async () => {
      const moved = await fetch(`${server.url}/contact?position=${activeId}`, {
        redirect: "manual",
      });
      expect(moved.status).toBe(302);
      expect(moved.headers.get("location")).toBe(`/careers/${activeId}#apply`);
    });
  });

  it("leads Download Now to the resource's request page, old enquiry-form links too", async () => {
    const { html: resources } = await html("/resources");
    expect(resources).toContain('href="/resources/esop-design-playbook/download"');
    const moved = await fetch(`${server.url}/contact?resource=esop-design-playbook`, {
      redirect: "manual",
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/resources/esop-design-playbook/download");
  });
});
