import type { HeroPageKey } from "~/modules/pages/page-heroes";
import { Drawing } from "./drawing-frame";
import {
  BookDrawing,
  ContactDrawing,
  InsightsDrawing,
  ResourcesDrawing,
} from "./hero-drawings-more";
import { HeroMotif } from "./motif";

/*
 * Each public page's own hero drawing (issue 24: the same drawing stood on nearly every page),
 * shown until staff choose a picture for the page. All are the People-Purpose-Pay motif
 * (decision 0026: circle, arc, bars) composed for what the page is about, in the palette, on
 * the navy band, inline (no request) and decorative. Only the page's own drawing is in its HTML.
 */

type DrawingProps = { className?: string };

/** About: two partners side by side under one arc. */
function AboutDrawing({ className }: DrawingProps) {
  return (
    <Drawing name="hero-about" className={className}>
      <path
        d="M30 196a110 110 0 0 1 220 0"
        fill="none"
        className="stroke-navy-600"
        strokeWidth="16"
        strokeLinecap="round"
      />
      <circle cx="112" cy="134" r="44" className="fill-marigold-400" />
      <circle cx="172" cy="134" r="44" fill="none" className="stroke-paper" strokeWidth="6" />
      <rect x="132" y="170" width="20" height="26" rx="5" className="fill-marigold-300" />
      <circle cx="142" cy="58" r="8" className="fill-marigold-300" />
      <path d="M20 196h240" className="stroke-navy-700" strokeWidth="2" />
    </Drawing>
  );
}

/** Services: pay bands, staggered, their midpoints rising along a dotted line. */
function ServicesDrawing({ className }: DrawingProps) {
  return (
    <Drawing name="hero-services" className={className}>
      <path d="M24 196h232" className="stroke-navy-700" strokeWidth="2" />
      <rect x="36" y="150" width="112" height="22" rx="11" className="fill-navy-600" />
      <rect x="70" y="114" width="120" height="22" rx="11" className="fill-navy-400" />
      <rect x="104" y="78" width="126" height="22" rx="11" className="fill-paper" />
      <rect x="140" y="42" width="116" height="22" rx="11" className="fill-marigold-400" />
      <path
        d="M92 161 130 125 167 89 198 53"
        fill="none"
        className="stroke-marigold-200"
        strokeWidth="3"
        strokeDasharray="2 9"
        strokeLinecap="round"
      />
      <g className="fill-navy-950">
        <circle cx="92" cy="161" r="6" />
        <circle cx="130" cy="125" r="6" />
        <circle cx="167" cy="89" r="6" />
        <circle cx="198" cy="53" r="6" />
      </g>
    </Drawing>
  );
}

/** Careers: steps that rise, a person on the way up, the horizon's arc behind. */
function CareersDrawing({ className }: DrawingProps) {
  return (
    <Drawing name="hero-careers" className={className}>
      <path
        d="M40 196a100 100 0 0 1 200 0"
        fill="none"
        className="stroke-navy-800"
        strokeWidth="14"
        strokeLinecap="round"
      />
      <rect x="46" y="160" width="42" height="36" rx="6" className="fill-navy-500" />
      <rect x="96" y="128" width="42" height="68" rx="6" className="fill-navy-300" />
      <rect x="146" y="96" width="42" height="100" rx="6" className="fill-paper" />
      <rect x="196" y="56" width="42" height="140" rx="6" className="fill-marigold-300" />
      <circle cx="167" cy="70" r="18" className="fill-marigold-400" />
      <path
        d="M67 146c20-22 44-36 74-66"
        fill="none"
        className="stroke-navy-300"
        strokeWidth="3"
        strokeDasharray="2 10"
        strokeLinecap="round"
      />
      <path d="M20 196h240" className="stroke-navy-700" strokeWidth="2" />
    </Drawing>
  );
}

/** The drawing beside a public page's heading when staff chose no picture for it. */
export function HeroDrawing({ page }: { page: HeroPageKey }) {
  const className = "ml-auto h-auto w-full max-w-xs";
  switch (page) {
    case "home":
      return <HeroMotif className="ml-auto h-auto w-full max-w-lg" />;
    case "about":
      return <AboutDrawing className={className} />;
    case "services":
      return <ServicesDrawing className={className} />;
    case "careers":
      return <CareersDrawing className={className} />;
    case "insights":
      return <InsightsDrawing className={className} />;
    case "resources":
      return <ResourcesDrawing className={className} />;
    case "contact":
      return <ContactDrawing className={className} />;
    case "book":
      return <BookDrawing className={className} />;
  }
}
