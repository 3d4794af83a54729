/*
 * The header's menus on a page that does not hydrate (the site's script, decision 0067): what
 * components/site/header.tsx and use-disclosure.ts do where React runs, on the same markup.
 */

/** Escape (focus back to the summary) and a press outside close the header's open menus. */
export function headerMenus() {
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
