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
 *  - the footer's newsletter sign-up posted in place (components/newsletter-form.tsx).
 * It must import nothing that imports React: a build check (scripts/build.ts) keeps it small.
 * Links are plain links here: the next page is a full load, from the page cache or the service
 * worker.
 */
import { referrerHost, sendPageView } from "~/components/page-view";
import { startServiceWorker } from "~/lib/service-worker.client";
import {
  isNewsletterStatus,
  isSuccess,
  NEWSLETTER_API_PATH,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATH,
  type NewsletterResult,
} from "~/modules/newsletter/newsletter-form";
import { SERVICES_PATH, servicePath } from "~/modules/services/service-paths";

/* The same figures as components/site/scroll.ts and motion.ts (which import React). */
const SCROLLED_THRESHOLD_PX = 20;
const STAGGER_S = 0.1;
const MAX_STAGGERED = 5;

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

let stylesheetLinked = false;

/**
 * A page from the page cache carries only the style rules its markup uses (decision 0051); what
 * this script changes (the header's shadow, the WhatsApp button, a newsletter answer, the update
 * banner, which only a form with unsent input gets) may need others. So the whole stylesheet, a
 * hashed file the browser keeps for a year, is linked the first time one of them is about to
 * change: not at load, where restyling the whole page cost a phone about a second of blocked
 * main thread in Lighthouse's mobile run (measured on /, decision 0067).
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
  // The classes the React header swaps (header.tsx), kept in step by the header test.
  const on = ["border-stone-200", "bg-paper", "shadow-card"];
  const off = ["border-transparent", "bg-paper/90"];
  const update = () => {
    const scrolled = window.scrollY > SCROLLED_THRESHOLD_PX;
    if (scrolled) linkWholeStylesheet();
    header.dataset.scrolled = scrolled ? "true" : "false";
    header.classList.remove(...(scrolled ? off : on));
    header.classList.add(...(scrolled ? on : off));
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
}

/** Escape (focus back to the summary) and a press outside close the header's open menus. */
function headerMenus() {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>("header details")];
  document.addEventListener("pointerdown", (event) => {
    for (const menu of menus) {
      if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of menus) {
      if (!menu.open) continue;
      menu.open = false;
      returningFocus = true;
      menu.querySelector("summary")?.focus();
      returningFocus = false;
    }
  });
  const services = document.querySelector<HTMLDetailsElement>("nav[aria-label=Primary] details");
  if (services) servicesMenu(services);
}

let returningFocus = false;

/** The desktop Services menu also opens on hover and keyboard focus, and closes when left. */
function servicesMenu(details: HTMLDetailsElement) {
  const summary = details.querySelector("summary");
  let openedBy: "hover" | "focus" | "click" | null = null;
  const openBy = (reason: typeof openedBy) => {
    openedBy = reason;
    details.open = true;
  };
  details.addEventListener("mouseenter", () => openBy("hover"));
  details.addEventListener("mouseleave", () => {
    details.open = false;
  });
  details.addEventListener("focusout", (event) => {
    if (!details.contains(event.relatedTarget as Node | null)) details.open = false;
  });
  summary?.addEventListener("focus", () => {
    if (!returningFocus && summary.matches(":focus-visible")) openBy("focus");
  });
  summary?.addEventListener("click", (event) => {
    // The element's own toggle would shut a menu the pointer has just opened by hovering.
    event.preventDefault();
    if (details.open && openedBy !== "click") openedBy = "click";
    else if (details.open) details.open = false;
    else openBy("click");
  });
}

/** Sections below the first screen fade and lift in as they are scrolled to. */
function staggeredReveal() {
  if (reducedMotion() || !("IntersectionObserver" in window)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      let order = 0;
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const element = entry.target as HTMLElement;
        element.style.setProperty(
          "--reveal-delay",
          `${Math.min(order++, MAX_STAGGERED) * STAGGER_S}s`,
        );
        element.dataset.reveal = "in";
        observer.unobserve(element);
      }
    },
    { rootMargin: "0px 0px -40px 0px" },
  );
  const viewportBottom = window.innerHeight;
  for (const element of document.querySelectorAll<HTMLElement>("[data-reveal]")) {
    if (element.dataset.reveal) continue;
    if (element.getBoundingClientRect().top < viewportBottom) {
      element.dataset.reveal = "shown";
      continue;
    }
    element.dataset.reveal = "pending";
    observer.observe(element);
  }
}

/** The WhatsApp button shows while no form control is on screen or focused. */
function whatsAppButton() {
  const float = document.querySelector<HTMLElement>("[data-whatsapp-float]");
  if (!float || typeof IntersectionObserver === "undefined") return;
  const shownClasses = ["visible", "opacity-100", "motion-safe:transition-opacity"];
  const hiddenClasses = ["invisible", "opacity-0"];
  const isFormControl = (element: Element | null) =>
    element instanceof HTMLElement && element.matches("input, select, textarea, form *");
  const inView = new Set<Element>();
  let focused = isFormControl(document.activeElement);
  const update = () => {
    const shown = inView.size === 0 && !focused;
    if (shown) linkWholeStylesheet();
    float.dataset.shown = shown ? "true" : "false";
    float.classList.remove(...(shown ? hiddenClasses : shownClasses));
    float.classList.add(...(shown ? shownClasses : hiddenClasses));
  };
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) inView.add(entry.target);
      else inView.delete(entry.target);
    }
    update();
  });
  const controls = document.querySelectorAll("form, input:not([type=hidden]), select, textarea");
  for (const control of controls) observer.observe(control);
  if (controls.length === 0) update();
  const onFocusChange = () => {
    focused = isFormControl(document.activeElement);
    update();
  };
  document.addEventListener("focusin", onFocusChange);
  document.addEventListener("focusout", onFocusChange);
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
      const body = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string") body.append(name, value);
      }
      submitting = true;
      if (button) {
        button.disabled = true;
        button.textContent = "Subscribing...";
      }
      let answer: NewsletterResult;
      try {
        const response = await fetch(NEWSLETTER_API_PATH, {
          method: "POST",
          body,
          headers: { Accept: "application/json" },
        });
        const json = (await response.json().catch(() => undefined)) as
          | Partial<NewsletterResult>
          | undefined;
        answer =
          json && isNewsletterStatus(json.status)
            ? { status: json.status, message: json.message || NEWSLETTER_MESSAGES[json.status] }
            : { status: "error", message: NEWSLETTER_MESSAGES.error };
      } catch {
        answer = { status: "error", message: NEWSLETTER_MESSAGES.error };
      }
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
  span.className = `mt-2 inline-block rounded px-2 py-1 text-sm font-medium ${
    failed ? "bg-red-50 text-red-900" : "bg-green-50 text-green-900"
  }`;
  span.textContent = message;
  region.replaceChildren(span);
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
  staggeredReveal();
  whatsAppButton();
  newsletterForms();
  // After the page's own images and fonts: the worker's precache is a megabyte of files that
  // would otherwise share a phone's connection with them (Workbox's advice too).
  if (document.readyState === "complete") startServiceWorker();
  else window.addEventListener("load", () => startServiceWorker(), { once: true });
  // Typing is what a newsletter answer or the update banner follows.
  document.addEventListener("input", linkWholeStylesheet, { once: true });
  // What the browser tests wait for on such a page, as they wait for hydration elsewhere.
  document.documentElement.dataset.siteScript = "ready";
}

start();
