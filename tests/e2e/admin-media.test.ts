import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_FILE_MESSAGES } from "~/modules/media/media-upload.server";
import { signInAs } from "../support/auth";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, newVisitor } from "./leads-helpers";

/*
 * Issue 14, "Done when": an editor uploads an image in the media library, makes it the Services
 * page's hero and a service area's picture, and a visitor sees it there as a <picture> with AVIF
 * and WebP sources at the widths the server made, with the image's width and height (the hero
 * loaded first, the service's lazily), served with immutable caching. A text file named .jpg is
 * refused with the field's message and the typed alt text kept.
 */

const ALT = "Consultants reviewing a salary structure";
const uploadForm = (page: Page) => page.locator('form[enctype="multipart/form-data"]');

describe("an editor's image on the public site", () => {
  let server: TestServer;
  let browser: Browser;
  let photo: Buffer;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    photo = await sharp({
      create: { width: 1400, height: 900, channels: 3, background: { r: 30, g: 80, b: 140 } },
    })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function editorPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newVisitor(browser);
    await signInAs(context, server, "editor");
    return { context, page: await context.newPage() };
  }

  it("refuses a text file named .jpg with the field's message and keeps the alt text", async () => {
    const { context, page } = await editorPage();
    await page.goto(`${server.url}/admin/media`);
    await waitForAdminHydration(page);
    await page.getByRole("heading", { name: "No images yet" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const form = uploadForm(page);
    await form.getByLabel("Alt text").fill("The typed description");
    await form.getByLabel("Image", { exact: true }).setInputFiles({
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("these are meeting notes, not a photo\n".repeat(10)),
    });
    await form.getByRole("button", { name: "Upload image" }).click();
    await page.getByText(MEDIA_FILE_MESSAGES.wrongKind).waitFor();
    expect(await form.getByLabel("Alt text").inputValue()).toBe("The typed description");
    await context.close();
  });

  it("shows an uploaded image as the hero and a service's picture with its variants", async () => {
    const { context, page } = await editorPage();
    await page.goto(`${server.url}/admin/media`);
    await waitForAdminHydration(page);
    const form = uploadForm(page);
    await form.getByLabel("Alt text").fill(ALT);
    await form.getByLabel("Focal point, across (%)").fill("40");
    await form.getByLabel("Image", { exact: true }).setInputFiles({
      name: "team.png",
      mimeType: "image/png",
      buffer: photo,
    });
    await form.getByRole("button", { name: "Upload image" }).click();
    await page.waitForURL(/\/admin\/media\/img_[0-9a-f]+\?saved=uploaded$/);
    await page.getByRole("heading", { name: "Sizes made for pages" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The Services page's hero, on the Content page.
    await page.goto(`${server.url}/admin/content?page=services`);
    await waitForAdminHydration(page);
    const hero = page.getByRole("group", { name: /Picture beside the Services page/ });
    // The radio is drawn by its thumbnail and alt text: a click on them chooses it.
    await hero.getByText(ALT).click();
    expect(await hero.getByLabel(ALT).isChecked()).toBe(true);
    const saved = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Save hero image" }).click();
    await saved;
    await page.getByText("Hero image saved.").first().waitFor();

    // The first service area's picture, in its editor.
    await page.goto(`${server.url}/admin/services?edit=equity`);
    await waitForAdminHydration(page);
    const picker = page.getByRole("group", { name: "Image" });
    await picker.getByText(ALT).click();
    expect(await picker.getByLabel(ALT).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Save" }).first().click();
    await page.getByText("Service updated successfully!").first().waitFor();
    await context.close();

    const visitor = await newVisitor(browser);
    const site = await visitor.newPage();
    await site.goto(`${server.url}/services`);
    const pictures = site.locator("picture", { has: site.getByAltText(ALT) });
    expect(await pictures.count()).toBe(2);
    const widths = ["320w", "640w", "960w", "1280w", "1400w"];
    for (const picture of [pictures.nth(0), pictures.nth(1)]) {
      for (const type of ["image/avif", "image/webp"]) {
        const srcset =
          (await picture.locator(`source[type="${type}"]`).getAttribute("srcset")) ?? "";
        expect(srcset.split(", ").map((entry) => entry.split(" ")[1])).toEqual(widths);
      }
      const img = picture.locator("img");
      expect(await img.getAttribute("width")).toBe("1400");
      expect(await img.getAttribute("height")).toBe("900");
    }
    // The hero (first) is loaded at once with high priority; the service's picture lazily.
    const heroImg = pictures.nth(0).locator("img");
    expect(await heroImg.getAttribute("fetchpriority")).toBe("high");
    expect(await heroImg.getAttribute("loading")).not.toBe("lazy");
    expect(await pictures.nth(1).locator("img").getAttribute("loading")).toBe("lazy");
    expect(await heroImg.evaluate((img: HTMLImageElement) => img.style.objectPosition)).toBe(
      "40% 50%",
    );
    // The browser chose a variant and drew it.
    await expect
      .poll(() => heroImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    const srcset =
      (await pictures.nth(0).locator('source[type="image/avif"]').getAttribute("srcset")) ?? "";
    for (const url of [
      ...srcset.split(", ").map((entry) => entry.split(" ")[0] ?? ""),
      await heroImg.getAttribute("src"),
    ]) {
      const answer = await visitor.request.get(`${server.url}${url}`);
      expect(answer.status(), url ?? "").toBe(200);
      expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    await visitor.close();
  });
});
