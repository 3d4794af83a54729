import { Drawing } from "./drawing-frame";

/* The hero drawings of Insights, Resources, Contact and Book (hero-drawings.tsx has the rest). */

type DrawingProps = { className?: string };

/** Insights: an article with a chart, read through a lens (the circle and its arc). */
export function InsightsDrawing({ className }: DrawingProps) {
  return (
    <Drawing name="hero-insights" className={className}>
      <rect x="36" y="28" width="150" height="172" rx="12" className="fill-navy-800" />
      <path
        d="M58 60h90M58 80h106M58 100h70"
        className="stroke-navy-400"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <rect x="58" y="146" width="18" height="36" rx="4" className="fill-navy-500" />
      <rect x="84" y="128" width="18" height="54" rx="4" className="fill-paper" />
      <rect x="110" y="112" width="18" height="70" rx="4" className="fill-marigold-300" />
      <circle
        cx="196"
        cy="116"
        r="40"
        fill="none"
        className="stroke-marigold-400"
        strokeWidth="12"
      />
      <circle cx="196" cy="116" r="14" className="fill-paper" />
      <path
        d="M225 147l24 26"
        className="stroke-marigold-400"
        strokeWidth="14"
        strokeLinecap="round"
      />
    </Drawing>
  );
}

/** Resources: playbooks on a shelf, one leaning, a marked one in the middle. */
export function ResourcesDrawing({ className }: DrawingProps) {
  return (
    <Drawing name="hero-resources" className={className}>
      <path
        d="M44 46c52-32 122-32 176 8"
        fill="none"
        className="stroke-navy-300"
        strokeWidth="3"
        strokeDasharray="2 10"
        strokeLinecap="round"
      />
      <rect x="48" y="72" width="38" height="124" rx="6" className="fill-navy-500" />
      <rect x="92" y="54" width="46" height="142" rx="6" className="fill-paper" />
      <path d="M92 80h46M92 170h46" className="stroke-navy-900" strokeWidth="4" />
      <circle cx="115" cy="124" r="13" className="fill-marigold-400" />
      <rect x="144" y="88" width="32" height="108" rx="6" className="fill-marigold-300" />
      <rect
        x="186"
        y="96"
        width="34"
        height="104"
        rx="6"
        className="fill-navy-400"
        transform="rotate(14 203 196)"
      />
      <path d="M24 198h232" className="stroke-navy-600" strokeWidth="4" strokeLinecap="round" />
    </Drawing>
  );
}

/** Contact: a conversation, one round bubble and one long one with an answer on its way. */
export function ContactDrawing({ className }: DrawingProps) {
  return (
    <Drawing name="hero-contact" className={className}>
      <circle cx="100" cy="90" r="58" className="fill-marigold-400" />
      <path d="M66 134l-18 38 44-22z" className="fill-marigold-400" />
      <path
        d="M74 80h52M74 100h34"
        className="stroke-navy-950"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <rect x="134" y="112" width="116" height="70" rx="35" className="fill-paper" />
      <path d="M224 176l16 28-36-18z" className="fill-paper" />
      <g className="fill-navy-700">
        <circle cx="168" cy="147" r="7" />
        <circle cx="192" cy="147" r="7" />
        <circle cx="216" cy="147" r="7" />
      </g>
      <path d="M20 208h240" className="stroke-navy-700" strokeWidth="2" />
    </Drawing>
  );
}

/** Book: a month with one day chosen, and the time on a clock beside it. */
export function BookDrawing({ className }: DrawingProps) {
  const days = [62, 96, 130, 164].flatMap((x) => [108, 138, 168].map((y) => ({ x, y })));
  return (
    <Drawing name="hero-book" className={className}>
      <rect x="30" y="46" width="168" height="150" rx="14" className="fill-navy-800" />
      <path d="M30 80h168" className="stroke-navy-600" strokeWidth="3" />
      <rect x="62" y="32" width="9" height="28" rx="4.5" className="fill-paper" />
      <rect x="157" y="32" width="9" height="28" rx="4.5" className="fill-paper" />
      <g className="fill-navy-400">
        {days
          .filter((day) => !(day.x === 130 && day.y === 138))
          .map((day) => (
            <circle key={`${day.x}-${day.y}`} cx={day.x} cy={day.y} r="5" />
          ))}
      </g>
      <circle cx="130" cy="138" r="14" className="fill-marigold-400" />
      <circle cx="218" cy="152" r="40" className="fill-paper" />
      <path
        d="M218 152v-24M218 152l17 10"
        className="stroke-navy-900"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <path
        d="M184 130a40 40 0 0 1 34-18"
        fill="none"
        className="stroke-marigold-400"
        strokeWidth="8"
        strokeLinecap="round"
      />
    </Drawing>
  );
}
