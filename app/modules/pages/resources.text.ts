import type { PageContent } from "./page.schema";

/**
 * The Resources page's text. Staff edit the hero, quote and newsletter texts in Content:
 * RESOURCES_PAGE_DEFAULTS holds them until then (seeded, and each field's fallback, read through
 * getPageText in pages.server.ts). The resources and articles the page lists are in the library
 * (app/modules/library), managed in the admin.
 */
export const RESOURCES_PAGE_DEFAULTS = {
  hero: {
    title: "Insights and Resources for Reward Leaders",
    subtitle:
      "Practical guides, research and case studies on ESOPs, executive pay, benefits and performance-linked rewards for HR leaders, founders and CXOs in India.",
  },
  quote: {
    text: "Good reward decisions start with good questions. Our resources help you ask the right ones.",
  },
  newsletter: {
    title: "Stay Ahead on Total Rewards",
    description:
      "Receive our monthly insights on compensation trends, regulatory updates and practical reward design ideas. No spam; unsubscribe anytime.",
  },
} satisfies PageContent;
