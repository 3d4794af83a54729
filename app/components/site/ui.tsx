import type { MouseEvent, ReactNode } from "react";
import { scrollToSection } from "./scroll";

/* Shared building blocks of the public pages. */

export const container = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

/**
 * The marker that closes every page's opening section. The public layout asks the browser not to
 * paint before it has parsed it (`<link rel="expect" blocking="render">`), so the first paint
 * shows the header and the whole hero together instead of the header alone.
 */
export const HERO_END_ID = "hero-end";

export function HeroEnd() {
  return <span id={HERO_END_ID} hidden />;
}

export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-blue-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-blue-800";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-900 transition-colors hover:border-blue-700 hover:text-blue-800";
/** On the dark hero and call-to-action bands. */
export const lightButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-blue-900 shadow-sm transition-colors hover:bg-blue-50";
export const outlineLightButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-white/70 px-6 py-3 font-semibold text-white transition-colors hover:bg-white/10";

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  children?: ReactNode;
}

/** The dark band that opens every public page, with the page's only h1. */
export function PageHero({ eyebrow, title, subtitle, children }: PageHeroProps) {
  return (
    <section className="bg-blue-950 text-white">
      <div className={`${container} py-16 sm:py-24`}>
        <div className="max-w-3xl">
          {eyebrow && (
            <p className="text-sm font-semibold uppercase tracking-wider text-blue-200">
              {eyebrow}
            </p>
          )}
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          {subtitle && <p className="mt-6 text-lg leading-8 text-blue-100">{subtitle}</p>}
          {children && <div className="mt-10 flex flex-wrap gap-4">{children}</div>}
        </div>
      </div>
      <HeroEnd />
    </section>
  );
}

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  align?: "center" | "left";
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = "center",
}: SectionHeadingProps) {
  const centered = align === "center";
  return (
    <div data-reveal="" className={centered ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {eyebrow && (
        <p className="text-sm font-semibold uppercase tracking-wider text-blue-700">{eyebrow}</p>
      )}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lg leading-8 text-slate-600">{subtitle}</p>}
    </div>
  );
}

interface ScrollButtonProps {
  target: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link to a section further down the same page: without JavaScript the browser jumps there
 * (CSS scroll-margin keeps the offset); with it, a smooth scroll with the section offset.
 */
export function ScrollLink({ target, className, children }: ScrollButtonProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (scrollToSection(target)) event.preventDefault();
  }
  return (
    <a href={`#${target}`} className={className} onClick={handleClick}>
      {children}
    </a>
  );
}

/** A quotation band between sections. */
export function QuoteBand({ text, attribution }: { text: string; attribution?: string }) {
  return (
    <section aria-label="Quote" className="bg-blue-50">
      <figure data-reveal="" className={`${container} py-14 text-center`}>
        <blockquote className="mx-auto max-w-4xl text-2xl font-medium leading-relaxed text-blue-950 sm:text-3xl">
          <p>“{text}”</p>
        </blockquote>
        {attribution && <figcaption className="mt-4 text-slate-700">{attribution}</figcaption>}
      </figure>
    </section>
  );
}

/** The closing call to action of a page. */
export function CallToAction({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="cta-heading" className="bg-blue-950 text-white">
      <div data-reveal="" className={`${container} py-16 text-center sm:py-20`}>
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">{description}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">{children}</div>
      </div>
    </section>
  );
}

/**
 * A card with an icon, a heading and a short text, as a list item of a grid (why choose us,
 * values, perks). `large` is the roomier variant of the home page.
 */
export function IconCard({
  icon,
  title,
  description,
  large = false,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  large?: boolean;
}) {
  return (
    <li data-reveal="" className={`rounded-2xl bg-white shadow-sm ${large ? "p-8" : "p-6"}`}>
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-blue-100 text-blue-800">
        {icon}
      </span>
      <h3 className={`mt-5 font-semibold text-slate-900 ${large ? "text-xl" : "text-lg"}`}>
        {title}
      </h3>
      <p className={`${large ? "mt-3" : "mt-2"} text-slate-600`}>{description}</p>
    </li>
  );
}
