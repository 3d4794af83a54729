import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileStore } from "~/modules/files/file-store.server";
import { signInAs } from "../support/auth";
import { downloadedBytes, launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import {
  axeViolations,
  backdatedFormToken,
  newVisitor,
  scrollsSideways,
  setFormToken,
  withDatabase,
} from "./leads-helpers";
import { waitForHydration } from "./public-support";

/*
 * A visitor downloads a seeded resource through the request form, with and without JavaScript,
 * is not asked again the next time, and the request shows in the staff inbox.
 */

const GUIDE = {
  slug: "esop-design-playbook",
  title: "The ESOP Design Playbook for Indian Startups",
};
const PAPER = {
  slug: "total-rewards-framework",
  title: "A Total Rewards Framework for Growing Companies",
};

describe("resource downloads", () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "true" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const visitor = async (options: { javaScript?: boolean; width?: number } = {}) => {
    const context = await newVisitor(browser, options);
    contexts.push(context);
    return context;
  };

  /** The stored file of a resource, as the database holds it. */
  const storedBytes = (slug: string) =>
    withDatabase(server, async (db) => {
      const resource = await db
        .selectFrom("resources")
        .select("fileId")
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow();
      const chunks: Buffer[] = [];
      for await (const chunk of fileStore.read(db, resource.fileId!))
        chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    });

  /** Runs `act` and returns the file the browser downloaded meanwhile, with its name. */
  const downloadOf = async (page: Page, act: () => Promise<unknown>) => {
    const [download] = await Promise.all([page.waitForEvent("download"), act()]);
    return { name: download.suggestedFilename(), bytes: await downloadedBytes(download) };
  };

  /** A control of the request form by its label ("Name", shown as "Name *"). */
  const field = (page: Page, label: string) =>
    page.getByRole("form", { name: "Request form" }).getByLabel(new RegExp(`^${label}( \\*)?$`));

  const fillRequest = async (page: Page, who: { name: string; email: string }) => {
    await field(page, "Name").fill(who.name);
    await field(page, "Email").fill(who.email);
    await field(page, "Company").fill("Lotus Fintech");
    // As if the visitor had taken their time (the form refuses posts made within 3 s).
    await setFormToken(page, backdatedFormToken());
  };

  /** A card's link: its label, then the resource's title for screen readers. */
  const cardLink = (label: string, title: string) => new RegExp(`^${label} ?: ${title}$`);

  const downloadButton = (page: Page) => page.getByRole("button", { name: "Download Now" });

  it("with JavaScript: asks once, downloads at once, then goes straight to the next file", async () => {
    const page = await (await visitor()).newPage();
    await page.goto(`${server.url}/resources`);
    await waitForHydration(page);
    await page.getByRole("link", { name: cardLink("Download Now", GUIDE.title) }).click();
    await page.waitForURL(`${server.url}/resources/${GUIDE.slug}/download`);
    await page.getByRole("heading", { level: 1, name: GUIDE.title }).waitFor();
    await waitForHydration(page);
    // No React here (decision 0073): the form is an island, answered in place (the mark stays).
    expect(await page.locator('script[src*="entry.client"]').count()).toBe(0);
    await page.evaluate(() => {
      (window as unknown as { samePage?: boolean }).samePage = true;
    });

    // A refused post shows each field's message in place and keeps what was typed.
    await field(page, "Email").fill("not-an-email");
    await downloadButton(page).click();
    await page.getByText("Company is required").waitFor();
    expect(await field(page, "Email").inputValue()).toBe("not-an-email");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("name");

    await fillRequest(page, { name: "Asha Verma", email: "asha.verma@example.com" });
    const first = await downloadOf(page, () => downloadButton(page).click());
    expect(first.name).toBe(`${GUIDE.slug}.pdf`);
    expect(first.bytes.equals(await storedBytes(GUIDE.slug))).toBe(true);
    await page.getByRole("heading", { name: "Your download is starting" }).waitFor();
    await page.getByText("We have also e-mailed the link to asha.verma@example.com").waitFor();
    expect(page.url()).toBe(`${server.url}/resources/${GUIDE.slug}/download`);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );

    // The next Download Now does not ask again.
    await page.goto(`${server.url}/resources`);
    await waitForHydration(page);
    const link = page.getByRole("link", { name: cardLink("Request Whitepaper", PAPER.title) });
    const second = await downloadOf(page, () => link.click());
    expect(second.name).toBe(`${PAPER.slug}.pdf`);
    expect(second.bytes.equals(await storedBytes(PAPER.slug))).toBe(true);
    expect(page.url()).toBe(`${server.url}/resources`);
  });

  it("without JavaScript: the answer page starts the download, and the next click does not ask", async () => {
    const page = await (await visitor({ javaScript: false })).newPage();
    await page.goto(`${server.url}/resources/${PAPER.slug}/download`);
    await downloadButton(page).click();
    await page.getByText("Name is required").waitFor();

    await fillRequest(page, { name: "Ravi Iyer", email: "ravi.iyer@example.com" });
    const first = await downloadOf(page, () => downloadButton(page).click());
    expect(first.name).toBe(`${PAPER.slug}.pdf`);
    expect(first.bytes.equals(await storedBytes(PAPER.slug))).toBe(true);
    await page.getByRole("heading", { name: "Your download is starting" }).waitFor();
    const fallback = page.getByRole("link", { name: `download ${PAPER.title}` });
    expect(await fallback.getAttribute("href")).toMatch(
      /^\/resources\/total-rewards-framework\/file\?/,
    );

    await page.goto(`${server.url}/resources`);
    const link = page.getByRole("link", { name: cardLink("Download Now", GUIDE.title) });
    const second = await downloadOf(page, () => link.click());
    expect(second.bytes.equals(await storedBytes(GUIDE.slug))).toBe(true);
  });

  it("puts the request in the staff inbox, naming the resource", async () => {
    const context = await visitor();
    await signInAs(context, server, "editor");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/enquiries`);
    await page.getByRole("link", { name: "Asha Verma" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Asha Verma" }).waitFor();
    await page.getByText(`Resource request (${GUIDE.slug})`, { exact: true }).waitFor();
    await page.getByText(GUIDE.title, { exact: false }).first().waitFor();
  });

  it("has no accessibility problems and fits a 360 px phone", async () => {
    const page = await (await visitor({ width: 360 })).newPage();
    for (const path of ["/resources", `/resources/${GUIDE.slug}/download`]) {
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      expect(await axeViolations(page), path).toEqual([]);
      expect(await scrollsSideways(page), path).toBe(false);
    }
    // The refused form is accessible too.
    await downloadButton(page).click();
    await page.getByText("Name is required").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
