import type { Download, Page } from "playwright-core";
import { expect } from "vitest";

// Where a benchmark (no Vitest) launches the same browser: tests/support/shared-browser.ts.
export { launchBrowser } from "./shared-browser";

/** The bytes of a file the browser downloaded (works over a connection, unlike its path). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Resolves once React has hydrated an admin page. The account menu button is rendered only after
 * hydration (before it, plain links stand in), so its presence means client behaviour is wired:
 * confirm dialogs, list editors and in-place forms. Attached, not visible: on a phone it sits in
 * the closed menu.
 */
export async function waitForAdminHydration(page: Page): Promise<void> {
  await page.getByText("Account menu", { exact: true }).waitFor({ state: "attached" });
}

/**
 * Opens an admin page in a tab showing a hydrated admin page of the same site as staff get
 * there, through the app's router (what a click on a link of the admin's navigation does),
 * else by loading it, and resolves once the page is drawn. Through the router it costs Chromium
 * about a third of a full load, and what the tab already holds (axe, the shared chunks) stays
 * in it (decision 0092). A page that differs from the open one only in its query is loaded:
 * the route's elements stay, so nothing would say the new page is drawn.
 */
export async function openAdminPage(page: Page, url: string): Promise<void> {
  // A new document in the tab from here on means the router did not draw the page. Listened for
  // here, outside the page: an evaluation pending in a document that goes away is not always
  // ended at once on a loaded machine.
  let newDocument = () => {};
  const loadedAgain = new Promise<string>((resolve) => {
    newDocument = () => resolve("loaded again (a new document in the tab)");
  });
  page.on("domcontentloaded", newDocument);
  try {
    await drawThroughRouter(page, url, loadedAgain);
  } finally {
    page.off("domcontentloaded", newDocument);
  }
}

/** `openAdminPage` within its watch for a new document (`loadedAgain`). */
async function drawThroughRouter(
  page: Page,
  url: string,
  loadedAgain: Promise<string>,
): Promise<void> {
  const target = new URL(url);
  const to = `${target.pathname}${target.search}`;
  const open = page.url().startsWith(`${target.origin}/`) ? new URL(page.url()) : undefined;
  const routed =
    open?.pathname.startsWith("/admin/") === true &&
    open.pathname !== target.pathname &&
    (await page.evaluate((to) => {
      const router = (window as unknown as { __reactRouterDataRouter?: AppRouter })
        .__reactRouterDataRouter;
      const main = document.getElementById("admin-main");
      if (!router || !main || !document.body.textContent?.includes("Account menu")) return false;
      // Marks what the open page drew, to know when the next page has replaced it, and the
      // document, to know it was not loaded again instead.
      (window as unknown as { routedThisDocument?: true }).routedThisDocument = true;
      for (const element of main.children)
        (element as Element & { drawnBefore?: true }).drawnBefore = true;
      void router.navigate(to);
      return true;
    }, to));
  if (!routed) {
    await page.goto(url);
    await waitForAdminHydration(page);
    return;
  }
  // Waited for in the page, on its own events (the DOM's changes, the router's), not polled:
  // polling on animation frames kept Chromium drawing frames for the whole wait.
  const drawnInPage = page
    .evaluate(
      (to) =>
        new Promise<string>((resolve) => {
          if (!(window as unknown as { routedThisDocument?: true }).routedThisDocument) {
            resolve("loaded again");
            return;
          }
          const router = (window as unknown as { __reactRouterDataRouter: AppRouter })
            .__reactRouterDataRouter;
          const isDrawn = () => {
            const main = document.getElementById("admin-main");
            return (
              router.state.navigation.state === "idle" &&
              `${location.pathname}${location.search}` === to &&
              // An error page in place of the admin's frame counts as drawn: the test sees it.
              (main === null ||
                (main.children.length > 0 &&
                  [...main.children].every(
                    (element) => !(element as Element & { drawnBefore?: true }).drawnBefore,
                  )))
            );
          };
          const observer = new MutationObserver(settle);
          const unsubscribe = router.subscribe(settle);
          // A backstop that says where the page stands, well inside the test's own time-out.
          const backstop = setTimeout(() => {
            observer.disconnect();
            unsubscribe();
            resolve(
              `still not drawn after 30 s (the router ${router.state.navigation.state}, at ${location.pathname}${location.search})`,
            );
          }, 30_000);
          function settle() {
            if (!isDrawn()) return;
            clearTimeout(backstop);
            observer.disconnect();
            unsubscribe();
            resolve("drawn");
          }
          observer.observe(document, { childList: true, subtree: true });
          settle();
        }),
      to,
    )
    // The document was replaced while the page waited (or the tab closed).
    .catch((error: unknown) => `loaded again (${String(error).split("\n")[0]})`);
  const drawn = await Promise.race([drawnInPage, loadedAgain]);
  // The router gave up and loaded the document (a new build, a failed chunk): the tests would
  // go on, slower, and a fault of the app's own navigation would pass unseen.
  if (drawn !== "drawn") {
    // The new document is let load first (the in-page wait can end as the navigation starts), so
    // that the test's next step finds a settled tab: closing a tab whose navigation had not yet
    // committed kept Playwright's page.close() waiting past the test's time-out.
    const bound = new Promise((done) => setTimeout(done, 15_000).unref());
    await Promise.race([loadedAgain, bound]);
    await page.waitForLoadState("load", { timeout: 15_000 }).catch(() => undefined);
    throw new Error(`openAdminPage: ${to} was not drawn through the router: ${drawn}`);
  }
}

/** What `openAdminPage` uses of React Router's router (window.__reactRouterDataRouter). */
interface AppRouter {
  navigate(to: string): Promise<void>;
  subscribe(listener: () => void): () => void;
  state: { navigation: { state: "idle" | "loading" | "submitting" } };
}

/**
 * Starts timing, in the page's own clock, how long the next element matching `selector` and
 * containing `text` stays in the page. The returned function waits until it has gone and gives
 * its lifetime in milliseconds. Timed in the page, so that a busy test runner, which notices the
 * element late, can neither stretch nor shorten what it measures.
 */
export async function timeOnScreen(
  page: Page,
  selector: string,
  text: string,
): Promise<() => Promise<number>> {
  type Timing = { shownAt?: number; goneAt?: number };
  await page.evaluate(
    ({ selector, text }) => {
      const timing: Timing = {};
      (window as unknown as { onScreenTiming: Timing }).onScreenTiming = timing;
      const showing = () =>
        [...document.querySelectorAll(selector)].some((el) => el.textContent?.includes(text));
      new MutationObserver(() => {
        const now = performance.now();
        if (timing.shownAt === undefined && showing()) timing.shownAt = now;
        else if (timing.shownAt !== undefined && timing.goneAt === undefined && !showing())
          timing.goneAt = now;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { selector, text },
  );
  const read = () =>
    page.evaluate(() => (window as unknown as { onScreenTiming?: Timing }).onScreenTiming);
  return async () => {
    await expect
      .poll(
        async () => {
          const timing = await read();
          // A full page load would have dropped the observer: say so rather than time out.
          if (!timing) throw new Error("The page was reloaded while an element was being timed");
          return timing.goneAt;
        },
        { timeout: 15_000 },
      )
      .toBeDefined();
    const { shownAt, goneAt } = (await read())!;
    return goneAt! - shownAt!;
  };
}

/**
 * Resolves when every animation that ends has ended (a page reached by a client-side navigation
 * fades in, and colours are only what a reader sees once it has finished; a spinner never ends,
 * so only what ends is waited for). Axe measures contrast after this.
 */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
}
