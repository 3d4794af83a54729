import { type FocusEvent, useEffect, useRef, useState } from "react";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import { servicePath } from "~/modules/services/service-paths";
import { HeaderSearch } from "./header-search";
import { ChevronDownIcon, CloseIcon, MenuIcon, ServiceIcon } from "./icons";
import { PageLink, PageNavLink } from "./page-link";
import { HEADER_SCROLL_CLASSES, isScrolledPastThreshold } from "./section-scroll";
import { useDisclosure } from "./use-disclosure";

export interface NavService {
  id: string;
  title: string;
}

interface HeaderProps {
  siteName: string;
  services: NavService[];
}

const NAV_ITEMS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/resources", label: "Resources" },
  { to: "/insights", label: "Insights" },
  { to: "/tools", label: "Tools" },
  { to: "/careers", label: "Careers" },
  { to: "/contact", label: "Contact" },
] as const;

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-stone-100 hover:text-navy-700 ${
    isActive
      ? "text-navy-900 underline decoration-marigold-400 decoration-2 underline-offset-8"
      : "text-stone-700"
  }`;

/**
 * The fixed site header: brand, navigation with the Services dropdown, the Schedule Consultation
 * button, and below the lg breakpoint a toggle menu. Both menus are native disclosures, so they
 * open without JavaScript; scripts only add hover, Escape and closing on navigation. It turns more opaque, with a shadow, past
 * 20 px of scroll.
 */
export function SiteHeader({ siteName, services }: HeaderProps) {
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const update = () => setScrolled(isScrolledPastThreshold());
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-50 border-b transition-[background-color,box-shadow,border-color] duration-300 ${(
        scrolled ? HEADER_SCROLL_CLASSES.scrolled : HEADER_SCROLL_CLASSES.top
      ).join(" ")}`}
    >
      {/* A grid with fixed columns and a left-aligned navigation: nothing moves while the
          document streams in and the later parts of the header arrive (no layout shift). */}
      <div className="mx-auto grid h-16 max-w-7xl grid-cols-[auto_1fr_auto] items-center gap-4 px-4 sm:px-6 lg:px-8">
        <PageLink
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md font-display text-base font-semibold text-navy-950 sm:text-lg"
        >
          <BrandMark />
          <span className="line-clamp-2 leading-tight">{siteName}</span>
        </PageLink>
        <nav aria-label="Primary" className="col-start-2 hidden pl-4 lg:block xl:pl-8">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) =>
              item.to === "/services" ? (
                <li key={item.to}>
                  <ServicesDropdown services={services} />
                </li>
              ) : (
                <li key={item.to}>
                  <PageNavLink to={item.to} end={item.to === "/"} className={desktopLink}>
                    {item.label}
                  </PageNavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="col-start-3 flex items-center gap-2">
          <HeaderSearch />
          <PageLink
            to={BOOK_PATH}
            className="hidden rounded-control bg-navy-900 px-4 py-2 text-sm font-semibold text-paper shadow-sm transition-colors hover:bg-navy-700 lg:inline-flex"
          >
            Schedule Consultation
          </PageLink>
          <MobileMenu services={services} />
        </div>
      </div>
    </header>
  );
}

/** The firm's mark: the motif's circle, arc and bar (people, purpose, pay) on navy. */
export function BrandMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 ${className}`}
    >
      <rect width="32" height="32" rx="8" className="fill-navy-900" />
      <circle cx="11" cy="13" r="5" className="fill-marigold-400" />
      <path
        d="M6 25a7 7 0 0 1 14 0"
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        className="stroke-paper"
      />
      <rect x="22" y="8" width="4" height="17" rx="1.5" className="fill-paper" />
    </svg>
  );
}

/** A summary that looks like the header's other controls: no disclosure triangle. */
const plainSummary = "cursor-pointer list-none [&::-webkit-details-marker]:hidden";

/**
 * The Services menu: a native disclosure, so a click opens it without JavaScript too. With
 * JavaScript it also opens on hover and on keyboard focus; a click on a menu opened by hover or
 * focus keeps it open; Escape closes it and returns focus to its summary; leaving it (pointer or
 * focus), an outside press or a navigation closes it.
 */
function ServicesDropdown({ services }: { services: NavService[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const { open, setOpen, close, onToggle, returningFocus } = useDisclosure(details, summary);
  /** How the menu was opened: a click on a menu opened by hover or focus keeps it open. */
  const openedBy = useRef<"hover" | "focus" | "click" | null>(null);

  const openBy = (reason: "hover" | "focus" | "click") => {
    openedBy.current = reason;
    setOpen(true);
  };

  function handleBlur(event: FocusEvent<HTMLDetailsElement>) {
    if (!details.current?.contains(event.relatedTarget as Node | null)) close();
  }

  return (
    <details
      ref={details}
      className="group relative"
      onToggle={onToggle}
      onMouseEnter={() => openBy("hover")}
      onMouseLeave={close}
      onBlur={handleBlur}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a <summary> is the disclosure's native button */}
      <summary
        ref={summary}
        className={`${plainSummary} flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-stone-700 transition-colors hover:bg-stone-100 hover:text-navy-700`}
        onFocus={(event) => {
          if (!returningFocus.current && event.currentTarget.matches(":focus-visible")) {
            openBy("focus");
          }
        }}
        onClick={(event) => {
          // The element's own toggle would shut a menu the pointer has just opened by hovering.
          event.preventDefault();
          if (open && openedBy.current !== "click") openedBy.current = "click";
          else if (open) close();
          else openBy("click");
        }}
      >
        Services
        <ChevronDownIcon className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div
        id="services-menu"
        className="absolute left-1/2 top-full w-[22rem] -translate-x-1/2 pt-2"
      >
        <ul className="rounded-card border border-stone-200 bg-card p-2 shadow-lift">
          <li>
            <PageLink
              to="/services"
              onClick={close}
              className="block rounded-lg px-3 py-2 text-sm font-semibold text-navy-800 hover:bg-stone-100"
            >
              All Services
            </PageLink>
          </li>
          {services.map((service) => (
            <li key={service.id}>
              <PageLink
                to={servicePath(service.id)}
                onClick={close}
                className="flex items-start gap-3 rounded-lg px-3 py-2 text-sm text-stone-800 hover:bg-stone-100"
              >
                <ServiceIcon id={service.id} className="mt-0.5 h-5 w-5 shrink-0 text-navy-600" />
                <span>{service.title}</span>
              </PageLink>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/**
 * The menu below the lg breakpoint: a native disclosure (it works without JavaScript), closed by
 * Escape, an outside press and a navigation where scripts run. Its summary reads "Open menu" or
 * "Close menu" by the element's own open state, so the name is right before hydration too.
 */
function MobileMenu({ services }: { services: NavService[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const { close, onToggle } = useDisclosure(details, summary);
  const item = "block rounded-lg px-3 py-3 text-base font-medium text-stone-800 hover:bg-stone-100";

  return (
    <details ref={details} className="group lg:hidden" onToggle={onToggle}>
      <summary
        ref={summary}
        className={`${plainSummary} flex h-11 w-11 items-center justify-center rounded-lg text-navy-950 hover:bg-stone-100`}
      >
        <MenuIcon className="h-6 w-6 group-open:hidden" />
        <CloseIcon className="hidden h-6 w-6 group-open:block" />
        <span className="sr-only group-open:hidden">Open menu</span>
        <span className="sr-only hidden group-open:inline">Close menu</span>
      </summary>
      <div
        id="mobile-menu"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-stone-200 bg-paper shadow-lift"
      >
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <ul className="space-y-1">
            {NAV_ITEMS.map((navItem) => (
              <li key={navItem.to}>
                <PageNavLink
                  to={navItem.to}
                  end={navItem.to === "/"}
                  onClick={close}
                  className={({ isActive }) => `${item} ${isActive ? "text-navy-700" : ""}`}
                >
                  {navItem.label}
                </PageNavLink>
                {navItem.to === "/services" && (
                  <ul className="mb-2 ml-3 border-l border-stone-200 pl-3">
                    {services.map((service) => (
                      <li key={service.id}>
                        <PageLink
                          to={servicePath(service.id)}
                          onClick={close}
                          className="block rounded-lg px-3 py-2 text-sm text-stone-700 hover:bg-stone-100"
                        >
                          {service.title}
                        </PageLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <PageLink
            to={BOOK_PATH}
            onClick={close}
            className="mt-4 flex justify-center rounded-control bg-navy-900 px-4 py-3 font-semibold text-paper hover:bg-navy-700"
          >
            Schedule Consultation
          </PageLink>
        </nav>
      </div>
    </details>
  );
}
