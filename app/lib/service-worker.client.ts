/**
 * Offline support and updates. Registers the Workbox-generated /sw.js, and checks whether the
 * server runs a newer build (on load, and 1 s after the tab becomes visible again, as the
 * original did). On a new build: the new worker takes over, caches of older builds are deleted,
 * and the page reloads, unless a form holds input the visitor has not sent; then it offers a
 * reload instead.
 */

const VISIBLE_CHECK_DELAY_MS = 1000;
const dirtyForms = new WeakSet<HTMLFormElement>();

function trackFormInput() {
  document.addEventListener("input", (event) => {
    const form = (event.target as HTMLInputElement | null)?.form;
    if (form) dirtyForms.add(form);
  });
  for (const type of ["submit", "reset"]) {
    document.addEventListener(type, (event) => {
      if (event.target instanceof HTMLFormElement) dirtyForms.delete(event.target);
    });
  }
}

/** True when some form on the page has input the visitor typed and has not sent. */
export function hasUnsentInput(): boolean {
  return Array.from(document.forms).some((form) => {
    if (!dirtyForms.has(form)) return false;
    return Array.from(form.elements).some((element) => {
      if (element instanceof HTMLInputElement) {
        if (element.type === "hidden" || element.type === "submit") return false;
        if (element.type === "checkbox" || element.type === "radio") {
          return element.checked !== element.defaultChecked;
        }
        return element.value !== "" && element.value !== element.defaultValue;
      }
      if (element instanceof HTMLTextAreaElement) return element.value.trim() !== "";
      if (element instanceof HTMLSelectElement) {
        return Array.from(element.options).some((o) => o.selected !== o.defaultSelected);
      }
      return false;
    });
  });
}

async function deleteOtherBuildsCaches(buildId: string) {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !name.includes(buildId)).map((name) => caches.delete(name)),
  );
}

function offerReload() {
  if (document.getElementById("update-banner")) return;
  const banner = document.createElement("div");
  banner.id = "update-banner";
  banner.setAttribute("role", "status");
  banner.className =
    "fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg";
  const text = document.createElement("span");
  text.textContent = "A new version of this site is available.";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Reload";
  button.className =
    "rounded-md bg-white px-3 py-1.5 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  button.addEventListener("click", () => window.location.reload());
  banner.append(text, button);
  document.body.append(banner);
}

let checking = false;

async function checkForNewBuild() {
  if (checking) return;
  checking = true;
  try {
    const response = await fetch("/version.json", { cache: "no-store" });
    if (!response.ok) return;
    const { buildId } = (await response.json()) as { buildId?: string };
    if (!buildId || buildId === __BUILD_ID__ || buildId === "development") return;
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration) {
      await registration.update();
      await waitForNewWorker(registration);
    }
    await deleteOtherBuildsCaches(buildId);
    if (hasUnsentInput()) offerReload();
    else window.location.reload();
  } catch (error) {
    // Offline or a transient failure: the next check tries again.
    console.warn("Update check failed", error);
  } finally {
    checking = false;
  }
}

/** Resolves once the newest worker is active (it skips waiting), or after 10 s at most. */
function waitForNewWorker(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(done, 10_000);
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated" || worker.state === "redundant") {
        clearTimeout(timer);
        done();
      }
    });
  });
}

/**
 * Marks the page's own request for a page's document; the worker (scripts/build.ts) keeps what
 * comes back in its cache of pages, as it does for navigations.
 */
const SAVE_PAGE_HEADER = "X-Save-For-Offline";

/** The address this tab loaded as a document, and whether the worker served that load. */
let loadedPath = "";
let loadedThroughWorker = false;

/**
 * Keeps a page reached by a client-side navigation readable offline. The router fetched only
 * the page's data (which the worker keeps too); a reload or a bookmark offline needs the
 * document itself, so it is fetched once through the worker. Public pages come from the
 * server's page cache, so this costs the server little. Best effort: offline, or without a
 * worker, nothing happens.
 */
export function savePageForOffline(path: string) {
  if (!("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return;
  // The page this tab loaded as a document went through the worker already, if it was there.
  if (loadedThroughWorker && path === loadedPath) return;
  fetch(path, {
    headers: { Accept: "text/html", [SAVE_PAGE_HEADER]: "page" },
    // A redirect is not the page: it is not kept (the worker keeps only a 200).
    redirect: "manual",
  }).catch(() => {
    // Offline or a transient failure: the page is saved at its next visit.
  });
}

export function startServiceWorker() {
  if (!("serviceWorker" in navigator) || __BUILD_ID__ === "development") return;
  loadedPath = `${window.location.pathname}${window.location.search}`;
  loadedThroughWorker = navigator.serviceWorker.controller !== null;
  trackFormInput();
  navigator.serviceWorker.register("/sw.js").then(
    () => checkForNewBuild(),
    // A failed registration changes nothing for the visitor.
    (error) => console.warn("Service worker registration failed", error),
  );
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      setTimeout(checkForNewBuild, VISIBLE_CHECK_DELAY_MS);
    }
  });
}
