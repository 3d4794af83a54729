import type { PageContent } from "./page.schema";

/**
 * The Services page's text. Staff edit the hero, quote, industries heading and methodology in
 * Content: SERVICES_PAGE_DEFAULTS holds them until then (seeded, and each field's fallback, read
 * through getPageText in pages.server.ts). The rest is fixed copy; the services themselves are
 * in services.defaults.ts.
 */
export const SERVICES_PAGE_DEFAULTS = {
  hero: {
    title: "Total Rewards Solutions Built for Growth",
    subtitle:
      "Six integrated service areas, from ESOPs and executive pay to benefits, benchmarking and performance-linked rewards, designed for companies with 50-500 employees and ambitious startups.",
  },
  quote: {
    text: "The right reward strategy does not copy the market. It reflects your people, advances your purpose and pays for what truly matters.",
  },
  industries: {
    title: "Industries We Serve",
    subtitle:
      "Deep experience with the talent markets and reward practices of technology, financial services, professional services and healthcare organisations.",
  },
  process: {
    title: "Our Proven Methodology",
    subtitle:
      "A structured, collaborative approach that moves from insight to design to lasting results.",
    steps: [
      {
        step: "1",
        title: "Discovery and Assessment",
        description:
          "We learn your business strategy, culture and talent priorities, review current reward programmes and data, and benchmark against the right market.",
      },
      {
        step: "2",
        title: "Strategy and Design",
        description:
          "We co-create reward programmes with your leadership team, model costs and outcomes, and refine the design until it fits your goals and budget.",
      },
      {
        step: "3",
        title: "Implementation and Support",
        description:
          "We help you document, communicate and roll out the new programmes, train managers and stay alongside you through the first cycles.",
      },
    ],
  },
} satisfies PageContent;

export const INDUSTRIES = [
  {
    icon: "cpu",
    title: "Technology",
    description:
      "SaaS, product and platform companies competing for engineering and product talent, with equity at the heart of the offer.",
  },
  {
    icon: "landmark",
    title: "Financial Services",
    description:
      "Banks, NBFCs, fintechs and asset managers where incentive design must balance performance with risk and regulation.",
  },
  {
    icon: "briefcase",
    title: "Professional Services",
    description:
      "Consulting, legal, accounting and advisory firms that need fair partner, billable and support-staff reward models.",
  },
  {
    icon: "heart",
    title: "Healthcare",
    description:
      "Hospitals, diagnostics, pharma and health-tech organisations with clinical, commercial and technology workforces side by side.",
  },
] as const;

/** Headings of the lists each service section shows. */
export const SERVICE_SECTION_LABELS = {
  subServices: "What We Offer",
  features: "Key Features",
  benefits: "Benefits for Your Organisation",
  process: "Our Process",
} as const;
