import { type IconProps, LineIcon as MotifIcon } from "./line-icon";

/**
 * The six service areas drawn in the site's motif: each icon is made of the same three shapes,
 * a circle (people), an arc (purpose) and a bar (pay), arranged for its area. 24 x 24,
 * in the same frame as the line icons beside them (./line-icon.tsx); decorative.
 */

/** Equity and ESOPs: a circle of ownership with a share cut out along its arc. */
export const EquityIcon = (props: IconProps) => (
  <MotifIcon {...props}>
    <circle cx="11" cy="13" r="7.5" />
    <path d="M14 3.5a8 8 0 0 1 6.5 6.5H14z" fill="currentColor" fillOpacity={0.35} />
    <path d="M4 21h8" />
  </MotifIcon>
);

/** Executive compensation: a person on a raised bar, under the arc of the role. */
export const ExecutiveIcon = (props: IconProps) => (
  <MotifIcon {...props}>
    <circle cx="12" cy="8" r="3" />
    <path d="M6.5 16a5.5 5.5 0 0 1 11 0" />
    <path d="M4 20.5h16" strokeWidth={2.6} />
    <path d="M7 4.5a7 7 0 0 1 10 0" strokeOpacity={0.6} />
  </MotifIcon>
);

/** Variable pay: bars rising under an arc of performance, a circle at its peak. */
export const VariableIcon = (props: IconProps) => (
  <MotifIcon {...props}>
    <path d="M6 20v-4M12 20v-7M18 20v-10" strokeWidth={2.6} />
    <path d="M3.5 12.5a13 13 0 0 1 14-8" />
    <circle cx="19.5" cy="4.5" r="1.8" fill="currentColor" />
  </MotifIcon>
);

/** Benefits and well-being: an arc that shelters a person, on a steady bar. */
export const BenefitsIcon = (props: IconProps) => (
  <MotifIcon {...props}>
    <path d="M3 12a9 9 0 0 1 18 0" />
    <circle cx="12" cy="14" r="2.5" />
    <path d="M8.5 20a3.5 3.5 0 0 1 7 0" />
    <path d="M12 3v2" />
  </MotifIcon>
);

/** Benchmarking: two bars measured against the market line, a circle marks the position. */
export const BenchmarkIcon = (props: IconProps) => (
  <MotifIcon {...props}>
    <path d="M7 20V9M15 20v-6" strokeWidth={2.6} />
    <path d="M3 11.5c4-3 8-3 11 0s5 2.5 7 .5" strokeOpacity={0.7} />
    <circle cx="15" cy="10" r="2" fill="currentColor" />
    <path d="M3 20.5h18" />
  </MotifIcon>
);

/** Rewards and recognition: a circle medal on the arc of its ribbon, bars below. */
export const RewardsIcon = (props: IconProps) => (
  <MotifIcon {...props}>
    <circle cx="12" cy="9" r="5.5" />
    <path d="M9.5 9a2.5 2.5 0 0 1 5 0" />
    <path d="M9 14l-2 7 5-2.5 5 2.5-2-7" />
  </MotifIcon>
);
