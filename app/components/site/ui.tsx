import type { MouseEvent, ReactNode } from "react";
import type { ImageData } from "~/modules/media/media-image";
import type { HeroPageKey } from "~/modules/pages/page-heroes";
import { HeroDrawing } from "./illustrations/hero-drawings";
import { HeroMotifSmall, MotifMark } from "./illustrations/motif";
import { ResponsiveImage } from "./responsive-image";
import { scrollToSection } from "./section-scroll";

/*
 * Shared building blocks of the public pages, in the theme's tokens (app/app.css, decision
 * 0026): navy anchor, one marigold accent, warm neutrals, Fraunces headings over the platform's sans.
 * New sections use these classes and components rather than colours of their own.
 */

export const container = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

/** Vertical rhythm of a page section (8 px grid): 72 px on a phone, 112 px from lg. */
export const sectionY = "py-section lg:py-section-lg";
/** Section backgrounds, alternated down a page: paper, then sand, with navy for emphasis. */
export const surface = {
  paper: "bg-paper",
  sand: "bg-stone-100",
  navy: "bg-navy-950 text-paper",
} as const;

/** A card on paper or sand: warm white, hairline border, soft shadow. */
export const card = "rounded-card border border-stone-200 bg-card shadow-card";
/** A card that is (or holds) a link: lifts a little on hover. */
export const cardInteractive = `${card} transition-shadow hover:shadow-lift`;
/** The small label above a heading (on paper or sand; on navy use `eyebrowOnDark`). */
export const eyebrow = "text-sm font-semibold uppercase tracking-[0.14em] text-marigold-800";
export const eyebrowOnDark = "text-sm font-semibold uppercase tracking-[0.14em] text-marigold-300";
/** A large figure (results, counts): serif, tabular, navy on light backgrounds. */
export const figure = "figures font-display text-display-lg font-semibold text-navy-900";
/** A text link inside running text or at the end of a card. */
export const textLink =
  "font-semibold text-navy-700 underline decoration-marigold-400 decoration-2 underline-offset-4 transition-colors hover:text-navy-950";
/** A heading inside a card. */
export const cardHeading = "font-display text-xl font-semibold text-navy-950";

/**
 * The marker that closes every page's opening section. The public layout asks the browser not to
 * paint before it has parsed it (`<link rel="expect" blocking="render">`), so the first paint
 * shows the header and the whole hero together instead of the header alone.
 */
export const HERO_END_ID = "hero-end";

export function HeroEnd() {
  return <span id={HERO_END_ID} hidden />;
}

const button =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-control px-6 py-3 font-semibold transition-colors";
/** The main action on paper or sand. */
export const primaryButton = `${button} bg-navy-900 text-paper shadow-sm hover:bg-navy-700`;
export const secondaryButton = `${button} border border-stone-300 bg-card text-navy-950 hover:border-navy-700 hover:text-navy-700`;
/** The main action on the navy hero and call-to-action bands: the marigold accent. */
export const lightButton = `${button} bg-marigold-400 text-navy-950 shadow-sm hover:bg-marigold-300`;
export const outlineLightButton = `${button} border border-paper/60 text-paper hover:bg-paper/10`;

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  /** The page's actions: the first is its primary one, visible in a phone's first screen. */
  children?: ReactNode;
  /** The picture staff chose for the page's hero (Content), shown in place of its drawing. */
  image?: ImageData;
  /** Whose drawing stands on the right from md up (each page has its own); the motif when not given. */
  drawing?: HeroPageKey;
  /** The home page's taller hero with the larger heading. */
  large?: boolean;
}

/**
 * The navy band that opens every public page, with the page's only h1: message on the left,
 * drawing or picture on the right from md up, using the width. On a phone it stays short (no
 * drawing), so the actions are in the first screen. The largest paint is the heading's text
 * or the inline drawing: no image is requested for it unless a page gives one.
 */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
  image,
  drawing,
  large = false,
}: PageHeroProps) {
  return (
    <section className="overflow-hidden bg-navy-950 text-paper">
      <div
        className={`${container} grid items-center gap-8 md:grid-cols-12 ${
          large ? "py-10 sm:py-16 lg:py-20" : "py-10 sm:py-14 lg:py-16"
        }`}
      >
        <div className="md:col-span-7">
          {eyebrow && (
            <p className={`flex items-center gap-3 ${eyebrowOnDark}`}>
              <MotifMark className="h-3 w-6" />
              {eyebrow}
            </p>
          )}
          <h1
            className={`mt-4 font-display font-semibold tracking-tight text-balance ${
              large
                ? "text-display-sm sm:text-display-lg xl:text-display-xl"
                : "text-display-sm sm:text-display-md lg:text-display-lg"
            }`}
          >
            {title}
          </h1>
          {subtitle && (
            <p className="mt-4 max-w-2xl text-body text-navy-100 sm:mt-6 sm:text-lead">
              {subtitle}
            </p>
          )}
          {children && (
            <div className="mt-6 flex flex-wrap gap-3 sm:mt-10 sm:gap-4">{children}</div>
          )}
        </div>
        {image ? (
          <div className="md:col-span-5">
            <ResponsiveImage
              image={image}
              priority
              sizes="(min-width: 1024px) 40vw, 100vw"
              className="h-auto w-full rounded-card object-cover shadow-lift"
            />
          </div>
        ) : (
          <div className="hidden md:col-span-5 md:block" data-hero-art="">
            {drawing ? (
              <HeroDrawing page={drawing} />
            ) : (
              <HeroMotifSmall className="ml-auto h-auto w-full max-w-xs" />
            )}
          </div>
        )}
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
  eyebrow: eyebrowText,
  title,
  subtitle,
  align = "center",
}: SectionHeadingProps) {
  const centered = align === "center";
  return (
    <div data-reveal="" className={centered ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {eyebrowText && (
        <p className={`flex items-center gap-3 ${centered ? "justify-center" : ""} ${eyebrow}`}>
          <MotifMark className="h-3 w-6" />
          {eyebrowText}
        </p>
      )}
      <h2
        id={id}
        className="mt-3 font-display text-display-sm font-semibold tracking-tight text-balance text-navy-950 sm:text-display-md"
      >
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lead text-stone-600">{subtitle}</p>}
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
    // data-scroll-link: the site's own script does the same where the page does not hydrate.
    <a href={`#${target}`} className={className} onClick={handleClick} data-scroll-link="">
      {children}
    </a>
  );
}

/** A quotation band between sections. */
export function QuoteBand({ text, attribution }: { text: string; attribution?: string }) {
  return (
    <section aria-label="Quote" className="bg-stone-100">
      <figure data-reveal="" className={`${container} py-16 text-center sm:py-20`}>
        <MotifMark className="mx-auto mb-6 h-5 w-10" />
        <blockquote className="mx-auto max-w-4xl font-display text-2xl leading-snug font-medium text-navy-950 sm:text-3xl">
          <p>“{text}”</p>
        </blockquote>
        {attribution && <figcaption className="mt-6 text-stone-600">{attribution}</figcaption>}
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
    <section aria-labelledby="cta-heading" className="bg-navy-950 text-paper">
      <div data-reveal="" className={`${container} py-section text-center lg:py-24`}>
        <MotifMark className="mx-auto h-6 w-12" />
        <h2
          id="cta-heading"
          className="mt-6 font-display text-display-sm font-semibold tracking-tight text-balance sm:text-display-md"
        >
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lead text-navy-100">{description}</p>
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
    <li data-reveal="" className={`${card} ${large ? "p-8" : "p-6"}`}>
      <span className="flex h-12 w-12 items-center justify-center rounded-control bg-marigold-100 text-navy-800">
        {icon}
      </span>
      <h3
        className={`mt-6 font-display font-semibold text-navy-950 ${large ? "text-2xl" : "text-xl"}`}
      >
        {title}
      </h3>
      <p className={`${large ? "mt-3" : "mt-2"} text-stone-600`}>{description}</p>
    </li>
  );
}
