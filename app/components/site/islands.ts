/*
 * The islands of the public pages (decisions 0073, 0077): an interactive part of a page that
 * does not hydrate says `data-island="<name>"`, and the site's script (public-site-script.ts)
 * loads the module named here and starts it on that element. Each is a chunk of its own, fetched
 * only by a page that has one, in plain DOM code on the server's markup: nothing here may import
 * React (the browser tests count the bytes and look for it).
 */
import { BOOKING_ISLAND } from "./booking/booking-island-name";

/**
 * The islands: what a `data-island` element's name loads, each a module of its own (fetched only
 * by a page that has one) that enhances the server's markup in plain DOM code.
 */
export const ISLANDS: Record<string, () => Promise<(root: HTMLElement) => void>> = {
  // The enquiry form's live checks and in-place post (/contact).
  "enquiry-form": () =>
    import("~/components/enquiry-form-enhance").then(
      (island) => (root: HTMLElement) => island.enhanceEnquiryForm(root),
    ),
  // The job application's checks, upload progress and in-place answer (/careers/:id).
  "application-form": () =>
    import("~/components/site/application-form-enhance").then(
      (island) => island.enhanceApplicationForm,
    ),
  // A form whose answer page is shown in place (the resource request, the privacy pages).
  "post-in-place": () =>
    import("~/components/form/post-in-place").then((island) => island.enhancePostInPlace),
  // The day grid, the visitor's zone and the booking's post in place (/book, /book/manage/:token).
  [BOOKING_ISLAND]: () =>
    import("~/components/site/booking/booking-island").then((island) => island.enhanceBooking),
};

/** Each island's module, loaded and started; resolves when all have started (or failed to). */
export async function startIslands() {
  const started: Promise<void>[] = [];
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const load = ISLANDS[root.dataset.island ?? ""];
    if (load) started.push(load().then((enhance) => enhance(root)));
  }
  await Promise.allSettled(started);
}
