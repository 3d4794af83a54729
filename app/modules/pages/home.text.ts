import type { PageContent } from "./page.schema";

/**
 * The Home page's text. Staff edit the hero, philosophy, sweet spot and closing texts in Content:
 * HOME_PAGE_DEFAULTS holds them until then (seeded, and each field's fallback, read through
 * getPageText in pages.server.ts). The rest is fixed copy.
 */
export const HOME_PAGE_DEFAULTS = {
  hero: {
    title: "People. Purpose. Pay. Perfectly Aligned.",
    subtitle:
      "Boutique total rewards consulting for growing Indian companies and startups. We design compensation, equity and benefits strategies that reflect who you are, not just what the market pays.",
  },
  philosophy: {
    title: "Our People, Purpose, Pay Philosophy",
    description:
      "Great reward strategies start with your people and your purpose, and only then turn to pay. We help you understand what your people value, anchor rewards to what your organisation stands for, and design pay that reinforces both.",
    quote:
      "Benchmarking breeds sameness; strategy demands difference. The companies that win on talent are the ones brave enough to reward what makes them unique.",
  },
  sweetSpot: {
    title: "Our Sweet Spot: 50-500 Employees",
    description:
      "Mid-size companies and scaling startups are too complex for spreadsheets and too agile for big-firm playbooks. That is exactly where we do our best work.",
  },
  cta: {
    title: "Ready to Align Your Rewards with Your Strategy?",
    description:
      "Book a free 30-minute consultation with our team. We will discuss your challenges, share initial insights and suggest practical next steps, with no obligation.",
  },
} satisfies PageContent;

export const WHY_CHOOSE = [
  {
    icon: "sparkle",
    title: "Boutique Expertise",
    description:
      "Senior consultants work on every engagement from the first conversation to the final rollout. You get big-firm rigour without being handed to a junior team.",
  },
  {
    icon: "handshake",
    title: "Partnership Mindset",
    description:
      "We design with you, not for you. Your leaders shape every recommendation, so the programmes we build together are understood, owned and sustained.",
  },
  {
    icon: "award",
    title: "Proven Experience",
    description:
      "Our partners have designed reward programmes for more than a hundred Indian companies, from seed-stage startups to listed enterprises preparing for growth.",
  },
] as const;

export const EXPERTISE_AREAS = [
  {
    icon: "cpu",
    title: "Technology and Startups",
    description:
      "ESOP pools, offer benchmarks and career frameworks for product companies competing for engineers and leaders against well-funded rivals.",
  },
  {
    icon: "landmark",
    title: "Financial Services",
    description:
      "Regulation-aware pay and deferral structures for NBFCs, fintechs and asset managers, balancing performance, risk and governance.",
  },
  {
    icon: "briefcase",
    title: "Professional Services",
    description:
      "Partner, billable and support-staff reward models for consulting, legal and advisory firms where people are the product.",
  },
] as const;

export const PHILOSOPHY_PILLARS = [
  {
    title: "People",
    description:
      "Start with what your people value: security, growth, recognition and ownership weigh differently at every stage and in every team.",
  },
  {
    title: "Purpose",
    description:
      "Anchor rewards to what your organisation stands for, so that pay reinforces the behaviours and outcomes your strategy depends on.",
  },
  {
    title: "Pay",
    description:
      "Design fixed pay, incentives, equity and benefits as one system: competitive where it matters, distinctive where it counts and affordable always.",
  },
] as const;

export const CTA_POINTS = [
  "Free 30-minute consultation",
  "No obligation",
  "Expert insights included",
] as const;
