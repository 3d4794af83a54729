import type { PageContent } from "./page.schema";

/**
 * The Contact page's text. Staff edit the hero, consultation and form texts in Content:
 * CONTACT_PAGE_DEFAULTS holds them until then (seeded, and each field's fallback, read through
 * getPageText in pages.server.ts). The rest is fixed copy.
 */
export const CONTACT_PAGE_DEFAULTS = {
  hero: {
    title: "Let's Start a Conversation",
    subtitle:
      "Book a free 30-minute consultation to discuss your compensation, equity or benefits challenges. No obligation, and expert insights included.",
  },
  // The form below books nothing: it is an enquiry, and the booking page is one click away.
  consultation: {
    title: "Tell Us What You Would Like to Solve",
    description:
      "Send us an enquiry and a senior consultant will reply within 24 hours. To book your free 30-minute consultation now, pick a time on our booking page and get a calendar invitation at once.",
  },
  form: {
    title: "Send Us an Enquiry",
    subtitle:
      "Tell us about your company and your reward priorities. We reply within 24 hours, Monday to Friday, 9 AM to 6 PM IST.",
  },
} satisfies PageContent;

/**
 * Texts these defaults once held. A site seeded before they changed still stores them; one that
 * staff never edited reads today's default instead (getPage), while an edited text is kept.
 */
export const CONTACT_RETIRED_TEXTS = {
  consultation: {
    title: ["Book Your Free 30-Minute Consultation"],
    description: [
      "Share a little about your organisation and what you would like to solve. A senior consultant will get back to you within 24 hours to schedule a convenient time.",
    ],
  },
} as const;

export const FAQS = [
  {
    question: "What happens in the free 30-minute consultation?",
    answer:
      "A senior consultant listens to your reward challenges, asks a few questions about your organisation and shares initial observations and practical next steps. There is no obligation and no sales pitch; if we are not the right fit, we will tell you.",
  },
  {
    question: "Which companies do you work with?",
    answer:
      "Our sweet spot is companies with 50-500 employees and growing startups, especially in technology, financial services, professional services and healthcare. We also support larger organisations on specific projects such as ESOP design or executive pay reviews.",
  },
  {
    question: "How long does a typical engagement take?",
    answer:
      "Focused projects such as a benchmarking study or an ESOP plan usually take four to eight weeks. A complete total rewards redesign typically runs for three to four months, followed by support through the first pay cycle.",
  },
  {
    question: "How do you keep our compensation data confidential?",
    answer:
      "We sign a confidentiality agreement before receiving any data, share files only through secure, access-controlled channels, limit access to the consultants on your engagement and delete or return your data when the engagement ends.",
  },
] as const;

/** The office's hours and reply time; its address is a setting (officeAddressOf). */
export const OFFICE = {
  hours: "Monday to Friday, 9 AM to 6 PM IST",
  responseTime: "We reply within 24 hours",
} as const;
