/** Static copy of the Services page (the hero, quote and methodology are page content). */

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
