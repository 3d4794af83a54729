/**
 * The People-Purpose-Pay motif (docs/decisions/0026): a circle (people), an arc (purpose) and
 * bars (pay) that interlock. Drawn for this site, inline so that they cost no request and paint
 * with the text; decorative, so hidden from assistive technology. Colours come from the theme
 * tokens through fill/stroke classes. Keep each one small: it is part of every page's HTML.
 */

interface IllustrationProps {
  className?: string;
}

/** The home hero's drawing, for the dark navy band: bars rise through the arc, the circle leads. */
export function HeroMotif({ className }: IllustrationProps) {
  return (
    <svg
      viewBox="0 0 520 440"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-illustration="hero"
    >
      <g className="stroke-navy-800" strokeWidth="2">
        <path d="M40 380h440M40 300h440M40 220h440M40 140h440" />
      </g>
      <path
        d="M70 380a190 190 0 0 1 380 0"
        fill="none"
        className="stroke-navy-500"
        strokeWidth="26"
        strokeLinecap="round"
      />
      <circle cx="196" cy="236" r="92" className="fill-marigold-400" />
      <circle
        cx="196"
        cy="236"
        r="52"
        fill="none"
        className="stroke-marigold-200"
        strokeWidth="3"
      />
      <g className="fill-paper">
        <rect x="268" y="262" width="44" height="118" rx="10" />
        <rect x="330" y="196" width="44" height="184" rx="10" />
        <circle cx="290" cy="234" r="16" />
        <circle cx="352" cy="168" r="16" />
      </g>
      <rect x="392" y="120" width="44" height="260" rx="10" className="fill-marigold-300" />
      <circle cx="414" cy="92" r="16" className="fill-marigold-300" />
      <path
        d="M96 120c60-52 150-72 236-52"
        fill="none"
        className="stroke-navy-300"
        strokeWidth="3"
        strokeDasharray="2 12"
        strokeLinecap="round"
      />
      <circle cx="96" cy="120" r="7" className="fill-marigold-300" />
    </svg>
  );
}

/** The smaller variant for the other pages' heroes. */
export function HeroMotifSmall({ className }: IllustrationProps) {
  return (
    <svg
      viewBox="0 0 280 220"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-illustration="hero-small"
    >
      <path
        d="M30 196a110 110 0 0 1 220 0"
        fill="none"
        className="stroke-navy-600"
        strokeWidth="18"
        strokeLinecap="round"
      />
      <circle cx="112" cy="124" r="56" className="fill-marigold-400" />
      <rect x="160" y="118" width="28" height="78" rx="7" className="fill-paper" />
      <rect x="200" y="72" width="28" height="124" rx="7" className="fill-marigold-300" />
      <path d="M20 196h240" className="stroke-navy-700" strokeWidth="2" />
    </svg>
  );
}

/** A small mark of the three shapes, for section eyebrows and dividers. */
export function MotifMark({ className = "h-4 w-8" }: IllustrationProps) {
  return (
    <svg viewBox="0 0 32 16" aria-hidden="true" focusable="false" className={className}>
      <circle cx="6" cy="9" r="5" className="fill-marigold-400" />
      <path
        d="M10 15a6 6 0 0 1 12 0"
        fill="none"
        className="stroke-navy-400"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <rect x="25" y="2" width="4" height="13" rx="1.5" className="fill-navy-700" />
    </svg>
  );
}

/** A quiet divider between sections: a hairline with the mark in its middle. */
export function MotifDivider({ className = "" }: IllustrationProps) {
  return (
    <div aria-hidden="true" className={`flex items-center gap-4 ${className}`}>
      <span className="h-px flex-1 bg-stone-300" />
      <MotifMark />
      <span className="h-px flex-1 bg-stone-300" />
    </div>
  );
}
