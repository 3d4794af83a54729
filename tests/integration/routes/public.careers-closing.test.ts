import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatIndiaDate } from "~/lib/india-format";
import { CLOSING_DATE_PASSED_MESSAGE, indiaToday } from "~/modules/careers/career.schema";
import { countActiveCareers } from "~/modules/careers/careers.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import * as careersAdmin from "~/routes/admin/careers";
import * as career from "~/routes/public/career";
import * as careers from "~/routes/public/careers";
import * as publicLayout from "~/routes/public/layout";
import * as sitemap from "~/routes/resources/sitemap";
import { renderedText } from "../../support/render-route";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { applicationPosts } from "./application-fixture";

/*
 * A posting's closing date (issue 22 §4): staff set it in the careers manager; the posting's page
 * says when applications close and its JobPosting data carries it as validThrough (never a
 * made-up "posted + 90 days"); once the day has ended in India the posting closes by itself:
 * no form, off the Careers page and the sitemap, no JobPosting data, applications refused.
 */

const DAY = 24 * 60 * 60 * 1000;
const tomorrow = () => indiaToday(new Date(Date.now() + DAY));
const yesterday = () => indiaToday(new Date(Date.now() - DAY));

type PostingPage = {
  posting: { id: string; title: string; closingDate: string; closingDateText: string };
  application: object | null;
};

describe.each(DIALECTS)("a posting's closing date (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  const { apply } = applicationPosts(() => h);

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
  });
  afterAll(async () => {
    await h?.close();
  });

  const form = {
    department: "Analytics",
    type: "Full-time",
    experience: "",
    salary: "",
    description: "Build pay benchmarks for growing companies.",
    requirements: "",
    responsibilities: "",
    benefits: "",
    status: "active",
  };
  const save = (fields: Record<string, string>) =>
    h.action<{ message: string; errors?: Record<string, string> }>(
      careersAdmin,
      h.post("/admin/careers", { ...form, ...fields }, { cookie: editor.cookie }),
    );
  const adminList = async () =>
    (
      await h.loader<{
        careers: {
          id: string;
          title: string;
          status: string;
          closingDate: string;
          closingDatePassed: boolean;
        }[];
      }>(careersAdmin, h.get("/admin/careers", { cookie: editor.cookie }))
    ).data.careers;
  const idOf = async (title: string) => {
    const found = (await adminList()).find((posting) => posting.title === title);
    if (!found) throw new Error(`No posting "${title}"`);
    return found.id;
  };
  const page = async (id: string) =>
    h.loader<PostingPage>(career, h.get(`/careers/${id}`), {
      params: { id },
      context: await h.publicContext(),
    });
  /** The page's structured data blocks, as its meta export gives them. */
  const jsonLdOf = async (data: PostingPage) => {
    const layout = await h.loader(publicLayout, h.get("/"), { context: await h.publicContext() });
    const tags = career.meta({
      loaderData: data,
      matches: [{ id: "routes/public/layout", loaderData: layout.data }],
    } as never);
    return tags.flatMap((tag) =>
      "script:ld+json" in tag ? [tag["script:ld+json"] as Record<string, unknown>] : [],
    );
  };
  const jobPostingOf = async (data: PostingPage) =>
    (await jsonLdOf(data)).find((block) => block["@type"] === "JobPosting");

  it("offers staff an optional Closing date field on the posting form", async () => {
    const out = await h.loader(
      careersAdmin,
      h.get("/admin/careers?new=1", { cookie: editor.cookie }),
    );
    const text = renderedText(careersAdmin, "/admin/careers?new=1", out.data);
    expect(text).toContain("Closing date");
    expect(text).toContain("Leave empty for no closing date.");
  });

  it("refuses a date that does not exist, and an active posting closing in the past", async () => {
    const unreal = await save({
      title: "Unreal Date Role",
      location: "Pune",
      closingDate: "2026-02-30",
    });
    expect(unreal.status).toBe(400);
    expect(fieldMessage(unreal.data, "closingDate")).toBe(
      "Enter a real date as YYYY-MM-DD (e.g. 2026-11-23), or leave it empty",
    );
    const past = await save({
      title: "Past Date Role",
      location: "Pune",
      closingDate: yesterday(),
    });
    expect(past.status).toBe(400);
    expect(fieldMessage(past.data, "closingDate")).toBe(CLOSING_DATE_PASSED_MESSAGE);
    // A closed posting may keep the day it closed on.
    const closed = await save({
      title: "Past Date Role",
      location: "Pune",
      closingDate: yesterday(),
      status: "closed",
    });
    expect(closed.data.message).toBe("Career posting added successfully!");
  });

  it("shows the closing date on the page and gives it to search engines as validThrough", async () => {
    const saved = await save({
      title: "Reward Analyst",
      location: "Pune",
      closingDate: tomorrow(),
    });
    expect(saved.data.message).toBe("Career posting added successfully!");
    const id = await idOf("Reward Analyst");

    const shown = await page(id);
    expect(shown.status).toBe(200);
    expect(shown.data.application).not.toBeNull();
    const closesOn = formatIndiaDate(tomorrow());
    expect(shown.data.posting.closingDateText).toBe(closesOn);
    expect(closesOn).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(renderedText(career, `/careers/${id}`, shown.data)).toContain(
      `Applications close ${closesOn}`,
    );

    expect(await jobPostingOf(shown.data)).toMatchObject({
      validThrough: `${tomorrow()}T23:59:59+05:30`,
      directApply: true,
      jobLocation: {
        "@type": "Place",
        address: {
          "@type": "PostalAddress",
          addressLocality: "Pune",
          addressRegion: "Maharashtra",
          addressCountry: "IN",
        },
      },
    });
  });

  it("gives no validThrough without a closing date, and an office posting the office's address", async () => {
    await save({ title: "Office Consultant", location: "New Delhi", closingDate: "" });
    const shown = await page(await idOf("Office Consultant"));
    expect(shown.data.posting.closingDate).toBe("");
    const posting = await jobPostingOf(shown.data);
    expect(posting).toBeDefined();
    expect(posting).not.toHaveProperty("validThrough");
    // The default settings' office (New Delhi), every part of it.
    expect(posting?.jobLocation).toEqual({
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Example House, 4th Floor, Barakhamba Road, Connaught Place",
        addressLocality: "New Delhi",
        addressRegion: "Delhi",
        postalCode: "110001",
        addressCountry: "IN",
      },
    });
    expect(renderedText(career, "/careers/x", shown.data)).not.toContain("Applications close");
  });

  it("closes a posting by itself once its closing day has ended in India", async () => {
    await save({ title: "Benefits Specialist", location: "Mumbai", closingDate: tomorrow() });
    const id = await idOf("Benefits Specialist");
    const openCount = await countActiveCareers(h.db);
    // The day passes (no one saves anything).
    await h.db
      .updateTable("careers")
      .set({ closingDate: yesterday() })
      .where("id", "=", id)
      .execute();

    const shown = await page(id);
    expect(shown.status).toBe(200);
    expect(shown.data.application).toBeNull();
    const closedOn = formatIndiaDate(yesterday());
    const text = renderedText(career, `/careers/${id}`, shown.data);
    expect(text).toContain("This position is closed");
    expect(text).toContain(`Applications for this position closed on ${closedOn}.`);
    expect(text).toContain(`Applications closed ${closedOn}`);
    expect(text).not.toContain("Apply for This Role");
    expect(await jsonLdOf(shown.data)).not.toContainEqual(
      expect.objectContaining({ "@type": "JobPosting" }),
    );

    const listed = await h.loader<{ postings: { id: string }[] }>(careers, h.get("/careers"), {
      context: await h.publicContext(),
    });
    expect(listed.data.postings.map((posting) => posting.id)).not.toContain(id);
    const xml = await (await h.loader(sitemap, h.get("/sitemap.xml"))).response!.text();
    expect(xml).not.toContain(`/careers/${id}<`);
    expect(await countActiveCareers(h.db)).toBe(openCount - 1);

    const refused = await apply(id);
    expect(refused.status).toBe(409);
    expect(refused.data.formError).toBe("This position is no longer accepting applications.");

    // Staff see it as closed by its date; choosing Active with a later day opens it again.
    const row = (await adminList()).find((posting) => posting.id === id);
    expect(row).toMatchObject({ status: "closed", closingDatePassed: true });
    const version = await readContentVersion(h.db);
    const reopened = await save({
      id,
      title: "Benefits Specialist",
      location: "Mumbai",
      closingDate: tomorrow(),
    });
    expect(reopened.data.message).toBe("Career posting updated successfully!");
    expect(await readContentVersion(h.db)).toBe(version + 1);
    expect((await page(id)).data.application).not.toBeNull();
  });

  it("shows no closing date on a posting staff closed before its day", async () => {
    await save({
      title: "Paused Role",
      location: "Pune",
      closingDate: tomorrow(),
      status: "closed",
    });
    const shown = await page(await idOf("Paused Role"));
    expect(shown.data.application).toBeNull();
    expect(shown.data.posting.closingDate).toBe("");
    const text = renderedText(career, "/careers/paused-role", shown.data);
    expect(text).toContain("This position is no longer accepting applications.");
    expect(text).not.toContain("Applications close");
  });
});
