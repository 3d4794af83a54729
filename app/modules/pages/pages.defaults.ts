import type { PageContent, PageKey } from "./page.schema";

/**
 * Built-in page content, seeded when no pages are stored. Each page has a hero plus a few
 * editable plain-text fields nested one object deep. Fields whose names contain
 * "Description" or "Subtitle" (or are named description/subtitle) are edited as multi-line text.
 */
export const DEFAULT_PAGES: Record<PageKey, PageContent> = {
  home: {
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
  },
  about: {
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
  },
  services: {
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
  },
  resources: {
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
        "Join 5,000+ subscribers who receive our monthly insights on compensation trends, regulatory updates and practical reward design ideas. No spam; unsubscribe anytime.",
    },
  },
  contact: {
    hero: {
      title: "Let's Start a Conversation",
      subtitle:
        "Book a free 30-minute consultation to discuss your compensation, equity or benefits challenges. No obligation, and expert insights included.",
    },
    consultation: {
      title: "Book Your Free 30-Minute Consultation",
      description:
        "Share a little about your organisation and what you would like to solve. A senior consultant will get back to you within 24 hours to schedule a convenient time.",
    },
    form: {
      title: "Send Us an Enquiry",
      subtitle:
        "Tell us about your company and your reward priorities. We reply within 24 hours, Monday to Friday, 9 AM to 6 PM IST.",
    },
  },
  careers: {
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
  },
};
