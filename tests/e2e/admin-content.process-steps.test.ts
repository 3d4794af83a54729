import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForAdminHydration } from "../support/browser";
import type { TestServer } from "../support/server";
import { openAsEditor, publicHtml, toast } from "./admin-content-kit";

/*
 * The services page's methodology steps in Content, as staff edit them in the browser (issue 12,
 * item 9): a field's message at its row, a step added and moved up, and /services showing it.
 */

describe("the methodology steps in Content", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser, page } = await openAsEditor());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("edits, adds and reorders steps with a message per field; /services shows them", async () => {
    await page.goto(`${server.url}/admin/content?page=services&edit=1`);
    await waitForAdminHydration(page);
    await page.getByLabel("Title 2", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save and publish" }).first().click();
    await toast(page, /^Error updating content: /).waitFor();
    const title2 = page.getByLabel("Title 2", { exact: true });
    expect(await title2.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Title is required").count()).toBe(1);

    await title2.fill("Strategy and Co-design");
    await page.getByRole("button", { name: "Add step" }).click();
    await page.getByLabel("Step number 4", { exact: true }).fill("4");
    await page.getByLabel("Title 4", { exact: true }).fill("Review After a Year");
    await page
      .getByLabel("Description 4", { exact: true })
      .fill("We measure the results and tune the programmes.");
    await page.getByRole("button", { name: "Move up step 4" }).click();
    await expect(page.getByLabel("Title 3", { exact: true }).inputValue()).resolves.toBe(
      "Review After a Year",
    );
    await page.getByRole("button", { name: "Save and publish" }).first().click();
    await toast(page, "Content updated successfully!").waitFor();

    const html = await publicHtml(server, "/services");
    const order = ["Discovery and Assessment", "Strategy and Co-design", "Review After a Year"];
    const positions = order.map((title) => html.indexOf(title));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html.indexOf("Review After a Year")).toBeLessThan(
      html.indexOf("Implementation and Support"),
    );
    expect(html).not.toContain("Strategy and Design");
  });
});
