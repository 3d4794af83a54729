import { ANSWER_SHOWN_EVENT, enhancePostInPlace } from "~/components/form/post-in-place";
import { isIndiaTime } from "~/modules/bookings/india-zone";
import { checkBookingForm } from "./booking-form-check";
import { adoptGrid, type DayGridState, listenToGrids, stateOf } from "./day-grid-island";

/*
 * The island of /book and /book/manage/:token (`data-island="booking"`; issue 30, decision
 * 0077): what the pages did with React, in plain DOM code on the server's markup, so that they
 * load no React. Without JavaScript every part of it works as a plain page: the list of a week's
 * times, links to other weeks, the "Show times in" form, posts that answer with the page.
 *  - The day grid (day-grid-island.ts).
 *  - The spans before and after ("More days") loaded in place: the answer page's grid takes the
 *    place of this one, the time chosen stays chosen, the address follows (back and forward
 *    too), and a post form marked `data-span-action` posts back to the span shown.
 *  - The visitor's zone (`data-detect-zone`, /book): where the address names none and the
 *    browser's differs, the page in that zone is fetched and its parts marked `data-zone-swap`
 *    take the place of these (the times, the zone's words, links that keep the zone), the
 *    address gets `tz=`, and nothing typed is lost.
 *  - The booking form checked before it is sent (booking-form-check.ts) and posted in place
 *    (post-in-place.ts: the answer page's `[data-post-region]` element replaces this one; a
 *    booking made goes on to its private link).
 *  - What the page says on arrival (a booking made, moved or refused: `data-focus-on-load`)
 *    takes the focus, so a screen reader reads it and the keyboard starts from there.
 */

/** Where the island's part of a booking page starts and ends in the server's HTML. */
const PART_START = '<section aria-label="Booking"';
const PART_START_MANAGE = 'data-island="booking"';

/**
 * The island's part of the page at `url` as the server answers it, parsed, or undefined
 * (offline, a fault). Only that part is parsed, and without its `<noscript>` list (a browser
 * that runs scripts never shows it): parsing the whole page and the list's radios was most of
 * the main thread's work after the page loaded on a phone (decision 0077).
 */
async function fetchPage(url: string): Promise<Document | undefined> {
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" } });
    if (!response.ok) return undefined;
    const html = await response.text();
    const start = html.indexOf(PART_START);
    const from = start === -1 ? html.lastIndexOf("<", html.indexOf(PART_START_MANAGE)) : start;
    const end = html.indexOf("</main>", from);
    const part = from >= 0 && end > from ? html.slice(from, end) : html;
    return new DOMParser().parseFromString(
      part.replace(/<noscript>[\s\S]*?<\/noscript>/g, ""),
      "text/html",
    );
  } catch {
    return undefined;
  }
}

/** Replaces `element` by the answer page's element with the same id, when it has one. */
function swapById(element: Element, page: Document): Element | undefined {
  const answer = element.id ? page.getElementById(element.id) : null;
  if (!answer) return undefined;
  const next = document.importNode(answer, true);
  element.replaceWith(next);
  return next;
}

export function enhanceBooking(root: HTMLElement) {
  if (root.dataset.enhanced) return;
  root.dataset.enhanced = "true";
  const grid = () => root.querySelector("[data-slot-grid]");
  const firstGrid = grid();
  const state: DayGridState = firstGrid ? stateOf(firstGrid) : {};
  listenToGrids(root, state);

  /** The span of days at `url`, in place of the one shown. */
  const loadSpan = async (url: URL, how: "push" | "pop", label?: string) => {
    const current = grid();
    const page = await fetchPage(url.href);
    const answer = page?.querySelector("[data-slot-grid]");
    if (!current || !answer) {
      // Not a page with its grid: the browser goes there as it would without this script.
      window.location.assign(url.href);
      return;
    }
    const next = document.importNode(answer, true);
    current.replaceWith(next);
    adoptGrid(next, state);
    if (how === "push") window.history.pushState({ bookingSpan: true }, "", url.href);
    followAddress(root);
    // The link pressed is gone with the grid it was in: its twin in the new one, or the grid.
    const twin = [...next.querySelectorAll<HTMLElement>("a[data-span-link]")].find(
      (link) => label !== undefined && link.textContent === label,
    );
    (twin ?? next.querySelector<HTMLElement>('td[tabindex="0"]'))?.focus();
  };

  root.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    const link =
      event.target instanceof Element
        ? event.target.closest<HTMLAnchorElement>("a[data-span-link]")
        : null;
    if (!link) return;
    event.preventDefault();
    void loadSpan(new URL(link.href), "push", link.textContent ?? undefined);
  });
  // Back and forward between spans; a move to a fragment of the same span changes nothing.
  root.dataset.shownSearch = window.location.search;
  window.addEventListener("popstate", () => {
    if (window.location.search === root.dataset.shownSearch) return;
    void loadSpan(new URL(window.location.href), "pop");
  });

  if (root.hasAttribute("data-detect-zone")) void showInVisitorZone(root, state);

  const region = root.querySelector<HTMLElement>("[data-post-region]");
  if (region) {
    checkBookingForm(root);
    enhancePostInPlace(region);
    // A refused post's answer drew the form again: the time it kept (if any) is the one chosen.
    root.addEventListener(ANSWER_SHOWN_EVENT, () => {
      const answered = grid();
      const next = answered ? stateOf(answered) : {};
      state.selected = next.selected;
      state.chosen = next.chosen;
    });
  }

  const arrival = root.querySelector<HTMLElement>("[data-focus-on-load]");
  if (arrival) requestAnimationFrame(() => arrival.focus());
}

/**
 * Posts go to the span and zone shown: the booking form to the page's address as it is now
 * (`data-follows-address`), the reschedule form with the span's `from` (`data-span-action`).
 * The address shown is noted, so that back or forward to it loads nothing.
 */
function followAddress(root: HTMLElement) {
  const address = new URL(window.location.href);
  root.dataset.shownSearch = address.search;
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-follows-address]")) {
    form.action = `${address.pathname}${address.search}`;
  }
  const from = address.searchParams.get("from");
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-span-action]")) {
    const action = new URL(form.action);
    if (from) action.searchParams.set("from", from);
    else action.searchParams.delete("from");
    form.action = action.href;
  }
}

/** The browser's zone, when it names one. */
function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page in the visitor's own zone, unless the address names one (chosen in "Show times in")
 * or the zone is the one shown. A browser in India may say "Asia/Calcutta": the page in IST is
 * already in its zone.
 */
async function showInVisitorZone(root: HTMLElement, state: DayGridState) {
  const address = new URL(window.location.href);
  const shown = root.dataset.detectZone ?? "";
  const zone = browserZone();
  if (address.searchParams.has("tz") || !zone || zone === shown) return;
  if (isIndiaTime(zone) && isIndiaTime(shown)) return;
  address.searchParams.set("tz", zone);
  const before = window.location.href;
  const page = await fetchPage(address.href);
  // The visitor moved on meanwhile (another span): the page stays as it is.
  if (!page || window.location.href !== before) return;
  const parts = [...root.querySelectorAll("[data-zone-swap]")];
  const focused = parts.some((part) => part.contains(document.activeElement));
  for (const part of parts) swapById(part, page);
  window.history.replaceState(window.history.state, "", address.href);
  followAddress(root);
  root.dataset.detectZone = zone;
  const grid = root.querySelector("[data-slot-grid]");
  if (grid) adoptGrid(grid, state);
  if (focused) root.querySelector<HTMLElement>('[data-slot-grid] td[tabindex="0"]')?.focus();
}
