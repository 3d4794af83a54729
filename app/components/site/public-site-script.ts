/*
 * The public site's own script on a page that does not hydrate (issue 30, decision 0067): a few
 * kilobytes of plain DOM code in place of React and the router. The server rendered the whole
 * page, and its text, links, menus and forms work without any script; this adds what the React
 * shell adds on a hydrated page, on the same markup:
 *  - the service worker (offline reading, updates) and the page-view count;
 *  - the header's shadow past 20 px of scroll, its menus' Escape, outside press, and the Services
 *    menu opening on hover and keyboard focus (components/site/header.tsx, use-disclosure.ts);
 *  - staggered reveals of `data-reveal` sections (components/site/motion.ts);
 *  - the phone's WhatsApp button, shown while no form is on screen (whatsapp-float.tsx);
 *  - the footer's newsletter sign-up posted in place (components/newsletter-form.tsx);
 *  - links to a section of the page (ScrollLink) scrolled with the header's offset and focus;
 *  - the page's islands (decisions 0073, 0077; islands.ts): an interactive part, marked
 *    `data-island`, gets its own module, loaded only where it is (the enquiry and application
 *    forms' live checks and in-place posts, a form whose answer page is shown in place, the
 *    booking pages' day grid).
 * What the React shell does too is written once, in plain modules both use (section-scroll.ts,
 * reveal.ts, newsletter-post.ts, enquiry-form-enhance.ts, forms-in-view.ts). It must import
 * nothing that imports React: the browser tests count its bytes (public-budgets).
 * Links are plain links here: the next page is a full load, from the page cache or the service
 * worker.
 */

import { newsletterAnswerClass, postNewsletter } from "~/components/newsletter-post";
import { referrerHost, sendPageView } from "~/components/page-view";
import { startServiceWorker } from "~/lib/service-worker.client";
import { isSuccess, NEWSLETTER_PATH } from "~/modules/newsletter/newsletter-form";
import { SERVICES_PATH, servicePath } from "~/modules/services/service-paths";
import { watchFormsInView } from "./forms-in-view";
import { headerMenus } from "./header-menus";
import { startIslands } from "./islands";
import { revealOnScroll } from "./reveal";
import { HEADER_SCROLL_CLASSES, isScrolledPastThreshold, scrollToSection } from "./section-scroll";

let stylesheetLinked = false;

/**
 * A page from the page cache carries only the style rules its markup uses (decision 0051); what
 * this script changes (the header's shadow, a newsletter answer, the update banner, which only a
 * form with unsent input gets) may need others. So the whole stylesheet, a hashed file the
 * browser keeps for a year, is linked the first time one of them is about to change: not at load,
 * where restyling the whole page cost a phone about a second of blocked main thread in
 * Lighthouse's mobile run (measured on /, decision 0067). The WhatsApp button, shown at load
 * wherever no form is in view, needs none: its rules are on its attribute, which every trimmed
 * stylesheet keeps.
 */
function linkWholeStylesheet() {
  if (stylesheetLinked) return;
  stylesheetLinked = true;
  const href = document.querySelector<HTMLElement>("script[data-stylesheet]")?.dataset.stylesheet;
  if (!href || !document.querySelector('style[data-site-styles="critical"]')) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  // As React marks the one a hydrated page links (root.tsx).
  link.dataset.precedence = "site";
  document.head.append(link);
}

function headerShadow() {
  const header = document.querySelector<HTMLElement>("header[data-scrolled]");
  if (!header) return;
  // The classes the React header swaps too (header.tsx).
  const on = HEADER_SCROLL_CLASSES.scrolled;
  const off = HEADER_SCROLL_CLASSES.top;
  const update = () => {
    const scrolled = isScrolledPastThreshold();
    if (scrolled) linkWholeStylesheet();
    header.dataset.scrolled = scrolled ? "true" : "false";
    header.classList.remove(...(scrolled ? off : on));
    header.classList.add(...(scrolled ? on : off));
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
}

/**
 * The WhatsApp button shows while no form control is on screen or focused. Its look follows the
 * attribute alone (app.css), so showing it links no stylesheet.
 */
function whatsAppButton() {
  const float = document.querySelector<HTMLElement>("[data-whatsapp-float]");
  if (!float) return;
  watchFormsInView((clear) => {
    float.dataset.shown = clear ? "true" : "false";
  });
}

/** A newsletter form posts in place and shows the answer in its live region. */
function newsletterForms() {
  for (const form of document.querySelectorAll<HTMLFormElement>(
    `form[action="${NEWSLETTER_PATH}"]`,
  )) {
    let submitting = false;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (submitting) return;
      const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
      const email = form.querySelector<HTMLInputElement>("input[type=email]");
      const label = button?.textContent ?? "";
      submitting = true;
      if (button) {
        button.disabled = true;
        button.textContent = "Subscribing...";
      }
      const answer = await postNewsletter(form);
      submitting = false;
      if (button) {
        button.disabled = false;
        button.textContent = label;
      }
      const failed = !isSuccess(answer.status);
      showNewsletterAnswer(form, answer.message, failed);
      if (failed) {
        email?.setAttribute("aria-invalid", "true");
        email?.focus();
      } else {
        email?.removeAttribute("aria-invalid");
        form.reset();
      }
    });
  }
}

/** The answer as components/newsletter-form.tsx renders it. */
function showNewsletterAnswer(form: HTMLFormElement, message: string, failed: boolean) {
  const region = form.querySelector<HTMLElement>("[role=status]");
  if (!region) return;
  linkWholeStylesheet();
  const span = document.createElement("span");
  span.dataset.tone = failed ? "error" : "success";
  span.className = newsletterAnswerClass(failed);
  span.textContent = message;
  region.replaceChildren(span);
}

/** A link to a section of the page (ScrollLink) scrolls there with the offset and moves focus. */
function sectionLinks() {
  document.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link =
      event.target instanceof Element
        ? event.target.closest<HTMLAnchorElement>("a[data-scroll-link]")
        : null;
    const id = link?.hash.slice(1);
    if (id && scrollToSection(decodeURIComponent(id))) event.preventDefault();
  });
}

/**
 * Every navigation starts at the top (spec section 2, components/site/scroll.ts): also a move
 * back or forward, which the browser would otherwise restore to where the visitor had scrolled,
 * by reloading (a position it remembers) or from its back-forward cache (the page as it was).
 * A hash target is still jumped to, with the CSS scroll margin's offset.
 */
function startAtTheTop() {
  window.history.scrollRestoration = "manual";
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && !window.location.hash) window.scrollTo(0, 0);
  });
}

/**
 * Old links to a section of the one-page services overview (`/services#equity`, from campaigns
 * and bookmarks) open the area's own page, as routes/public/services.tsx does where it hydrates.
 * Only for a card of the page with its link there; without scripts the card is scrolled to.
 */
function oldServiceSectionLinks(): boolean {
  if (window.location.pathname !== SERVICES_PATH || !window.location.hash) return false;
  let id: string;
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return false; // A malformed address: the page as it is.
  }
  const card = document.getElementById(id);
  const href = servicePath(id);
  if (card?.tagName !== "ARTICLE" || !card.querySelector(`a[href="${CSS.escape(href)}"]`)) {
    return false;
  }
  window.location.replace(href);
  return true;
}

function start() {
  if (oldServiceSectionLinks()) return;
  startAtTheTop();
  sendPageView(window.location.pathname, referrerHost());
  headerShadow();
  headerMenus();
  revealOnScroll(true);
  whatsAppButton();
  newsletterForms();
  sectionLinks();
  // After the page's own images and fonts: the worker's precache is a megabyte of files that
  // would otherwise share a phone's connection with them (Workbox's advice too).
  if (document.readyState === "complete") startServiceWorker();
  else window.addEventListener("load", () => startServiceWorker(), { once: true });
  // Typing is what a newsletter answer or the update banner follows; sending a form, what an
  // island's messages or answer follow (whose rules the trimmed stylesheet may not have).
  document.addEventListener("input", linkWholeStylesheet, { once: true });
  document.addEventListener("submit", linkWholeStylesheet, { once: true, capture: true });
  // The islands after the page's own load, as the worker: their modules are a chain of requests
  // (this script, then an island, then what it imports) that Lighthouse otherwise counted into
  // the largest paint (1.6 s instead of 1.1 s on /privacy/requests, decision 0073). Until then
  // their forms post as they do without JavaScript. What the browser tests wait for on such a
  // page, as they wait for hydration elsewhere: once its islands have started too.
  const loaded =
    document.readyState === "complete"
      ? Promise.resolve()
      : new Promise((done) => window.addEventListener("load", done, { once: true }));
  void loaded.then(startIslands).then(() => {
    document.documentElement.dataset.siteScript = "ready";
  });
}

start();
