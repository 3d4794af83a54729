/**
 * Screenshots of the main public pages at 1280 and 360 px, for the before-and-after record of a
 * design change (docs/screenshots/, linked from the README):
 *
 *   node_modules/.bin/node scripts/screenshots.ts after
 *
 * Starts the built server (BUILD_DIR, default build/) on a fresh database with the default
 * content and one active posting, and writes `docs/screenshots/<label>/<page>-<width>.jpg`: the
 * whole page, scrolled through first so that lazy images are in. JPEG keeps the record small.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { addPosting } from "../bench/bench-site.ts";
import { launchBrowser } from "../tests/support/browser.ts";
import { startServer } from "../tests/support/server.ts";

const PAGES: Record<string, string> = {
  home: "/",
  services: "/services",
  about: "/about",
  resources: "/resources",
  careers: "/careers",
  contact: "/contact",
};
const WIDTHS = [1280, 360];

const label = process.argv[2];
if (!label || !/^[a-z0-9-]+$/.test(label)) {
  console.error("Usage: node scripts/screenshots.ts <label>   (e.g. before, after)");
  process.exit(2);
}
const outDir = join("docs", "screenshots", label);
mkdirSync(outDir, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  await addPosting(server);
  for (const width of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 780 : 800 },
      deviceScaleFactor: 1,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    for (const [name, path] of Object.entries(PAGES)) {
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      // Scroll through so that lazy images load, then back to the top for the shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((done) => setTimeout(done, 30));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState("networkidle");
      const file = join(outDir, `${name}-${width}.jpg`);
      await page.screenshot({ path: file, fullPage: true, type: "jpeg", quality: 70 });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
