import type { PageContent } from "./page.schema";

/**
 * The Careers page's text. Staff edit the hero, openings, culture and resume texts in Content:
 * CAREERS_PAGE_DEFAULTS holds them until then (seeded, and each field's fallback, read through
 * getPageText in pages.server.ts). The rest is fixed copy.
 */
export const CAREERS_PAGE_DEFAULTS = {
  hero: {
    title: "Build the Future of Rewards With Us",
    subtitle:
      "Join a boutique team that helps growing companies pay people fairly and purposefully. Work on meaningful problems, learn from experienced partners and grow your career in total rewards.",
  },
  openings: {
    title: "Open Positions",
    subtitle:
      "Explore current opportunities across consulting, analytics, operations and business development.",
  },
  culture: {
    title: "Life at Our Firm",
    description:
      "We are a small team with a big remit. You will work directly with clients and partners from day one, own your work end to end, and be supported with mentoring, learning budgets and flexible working.",
  },
  resume: {
    title: "Don't See the Right Role?",
    description:
      "We are always glad to hear from talented people who care about compensation, benefits and people analytics. Send us your resume and tell us how you would like to contribute.",
  },
} satisfies PageContent;

export const PERKS = [
  {
    icon: "trending",
    title: "Accelerated Growth",
    description:
      "Work directly with partners and clients from your first week, with a personal development plan reviewed every six months.",
  },
  {
    icon: "book",
    title: "Learning Budget",
    description:
      "An annual budget for certifications, courses and conferences, including support for compensation and HR analytics credentials.",
  },
  {
    icon: "clock",
    title: "Flexible Working",
    description:
      "Hybrid working from our New Delhi office, flexible hours around client commitments and a genuine respect for time off.",
  },
  {
    icon: "heart",
    title: "Health and Wellbeing",
    description:
      "Comprehensive health insurance for you, your spouse, children and parents, plus an annual health check and wellbeing allowance.",
  },
  {
    icon: "chart",
    title: "Ownership and Rewards",
    description:
      "Competitive pay, a performance bonus and, for senior roles, a share in the firm's success. We practise what we advise.",
  },
  {
    icon: "users",
    title: "Collaborative Culture",
    description:
      "A small, supportive team where ideas are heard, credit is shared and everyone has a say in how we work.",
  },
] as const;

export const CAREER_VALUES = [
  {
    icon: "award",
    title: "Excellence",
    description: "We hold our analysis and advice to the standard our clients' people deserve.",
  },
  {
    icon: "shield",
    title: "Integrity",
    description: "We give honest advice, protect confidential data and keep our promises.",
  },
  {
    icon: "lightbulb",
    title: "Innovation",
    description: "We look for better answers rather than repeating what everyone else does.",
  },
  {
    icon: "handshake",
    title: "Collaboration",
    description: "We work as one team with each other and with our clients.",
  },
] as const;
