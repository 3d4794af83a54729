import type { PageContent } from "./page.schema";

/**
 * The About page's text. Staff edit the hero, manifesto, mission and closing texts in Content:
 * ABOUT_PAGE_DEFAULTS holds them until then (seeded, and each field's fallback, read through
 * getPageText in pages.server.ts). The rest is fixed copy. The partners are team members
 * (Social proof in the admin; seeded from modules/proof/team.defaults.ts).
 */
export const ABOUT_PAGE_DEFAULTS = {
  hero: {
    title: "Strategy Over Sameness",
    subtitle:
      "We are a boutique total rewards consultancy founded on a simple belief: benchmarking breeds sameness, strategy demands difference. We help growing companies build reward systems as distinctive as their business.",
  },
  manifesto: {
    quote:
      "Benchmarking breeds sameness, strategy demands difference. Market data should inform your reward decisions, never make them for you.",
  },
  mission: {
    title: "Our Mission",
    description:
      "To help mid-size companies and startups in India design compensation, equity and benefits programmes that attract the right people, reinforce their purpose and reward performance fairly, with the rigour of a large firm and the attention of a trusted partner.",
  },
  cta: {
    title: "Let's Build Your Reward Strategy Together",
    description:
      "Talk to our founding partners about your compensation and benefits challenges. Your first 30-minute consultation is free.",
  },
} satisfies PageContent;

export const WHY_CHOOSE_BULLETS = [
  "Strategy first: market data informs our recommendations but never replaces your judgement",
  "Senior attention on every engagement, from discovery to implementation",
  "Deep knowledge of Indian regulation, tax and talent markets",
  "Practical designs your managers can explain and your finance team can afford",
  "Support that continues through the first pay cycles, not just a final report",
] as const;

export const PHILOSOPHY = {
  title: "Our Philosophy",
  description:
    "Most reward programmes are assembled from survey percentiles and competitor habits. The result is pay that looks like everyone else's and motivates no one in particular. We start from the other end: your strategy, your culture and the people you need to win, and then use market data to test and calibrate the design rather than dictate it.",
} as const;

export const CORE_VALUES = [
  {
    icon: "target",
    title: "Purpose-Driven Design",
    description:
      "Every programme we design starts from what your organisation is trying to achieve and the behaviours that will get it there.",
  },
  {
    icon: "lightbulb",
    title: "First-Principles Thinking",
    description:
      "We question inherited practice and build reward systems from the ground up, so every element earns its place.",
  },
  {
    icon: "scale",
    title: "Value-Based Rewards",
    description:
      "We pay for the contributions that create value and make sure people can see the link between what they do and what they earn.",
  },
  {
    icon: "refresh",
    title: "Dynamic Agility",
    description:
      "Companies change quickly. We design programmes that flex with funding rounds, new markets and new business models.",
  },
] as const;

/** The partners' avatars moved to team members' faces; the initials helper is shared. */
export { initialsOf } from "~/lib/initials";
