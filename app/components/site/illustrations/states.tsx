/**
 * Drawings for the moments when a page has less to show: an empty list, a missing page, no
 * connection. Same motif as the heroes (circle, arc, bar; ./motif.tsx), in quiet tones.
 * Decorative: the heading and text beside them say what happened.
 */

interface IllustrationProps {
  className?: string;
}

/** Nothing here yet: the three shapes waiting on a shelf, outlined. */
export function EmptyIllustration({ className = "h-28 w-40" }: IllustrationProps) {
  return (
    <svg
      viewBox="0 0 160 112"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-illustration="empty"
    >
      <path d="M12 96h136" className="stroke-stone-300" strokeWidth="3" strokeLinecap="round" />
      <circle
        cx="48"
        cy="64"
        r="26"
        fill="none"
        className="stroke-navy-300"
        strokeWidth="3"
        strokeDasharray="6 6"
      />
      <path
        d="M78 96a26 26 0 0 1 52 0"
        fill="none"
        className="stroke-stone-400"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <rect x="98" y="22" width="16" height="52" rx="4" className="fill-marigold-200" />
      <circle cx="48" cy="64" r="5" className="fill-marigold-400" />
    </svg>
  );
}

/** The 404: the circle has rolled off its path; the arc and the bars wait for it. */
export function NotFoundIllustration({ className = "h-40 w-56" }: IllustrationProps) {
  return (
    <svg
      viewBox="0 0 240 170"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-illustration="not-found"
    >
      <path d="M16 150h208" className="stroke-stone-300" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M30 150a62 62 0 0 1 124 0"
        fill="none"
        className="stroke-navy-700"
        strokeWidth="14"
        strokeLinecap="round"
      />
      <rect x="72" y="86" width="18" height="64" rx="5" className="fill-navy-300" />
      <rect x="98" y="60" width="18" height="90" rx="5" className="fill-navy-500" />
      <path
        d="M92 40c40-30 90-26 112 10"
        fill="none"
        className="stroke-marigold-500"
        strokeWidth="3"
        strokeDasharray="2 9"
        strokeLinecap="round"
      />
      <circle cx="200" cy="120" r="30" className="fill-marigold-400" />
      <path
        d="M190 116h.01M210 116h.01M192 132c5-4 11-4 16 0"
        className="stroke-navy-950"
        strokeWidth="4"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** Offline: the arcs of a signal, with the bar laid across them. */
export function OfflineIllustration({ className = "h-32 w-44" }: IllustrationProps) {
  return (
    <svg
      viewBox="0 0 176 128"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-illustration="offline"
    >
      <g fill="none" strokeLinecap="round">
        <path d="M28 70a84 84 0 0 1 120 0" className="stroke-stone-300" strokeWidth="10" />
        <path d="M50 90a54 54 0 0 1 76 0" className="stroke-navy-300" strokeWidth="10" />
        <path d="M30 26l116 92" className="stroke-marigold-500" strokeWidth="8" />
      </g>
      <circle cx="88" cy="110" r="11" className="fill-navy-700" />
    </svg>
  );
}
