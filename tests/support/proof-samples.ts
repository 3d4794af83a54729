import type { ProofKind } from "~/modules/proof/proof.schema";

/*
 * One valid form of each kind of social proof (as a browser posts it), and what a visitor reads
 * of it on a public page. Shared by the module, route and browser tests of issue 14.
 */
export const PROOF_SAMPLES: Record<ProofKind, { form: Record<string, string>; shows: string }> = {
  testimonials: {
    form: {
      quote: "They rebuilt our pay bands in six weeks and attrition fell by a third.",
      name: "Priya Sharma",
      role: "Chief People Officer",
      company: "Kaveri Fintech",
      photoId: "",
      caseStudyUrl: "https://example.in/case-studies/kaveri",
      status: "published",
    },
    shows: "They rebuilt our pay bands in six weeks",
  },
  "client-logos": {
    form: { name: "Godavari Health", logoId: "", url: "", status: "published" },
    shows: "Godavari Health",
  },
  results: {
    form: {
      figure: "40%",
      label: "lower attrition in 12 months",
      client: "Series B fintech",
      status: "published",
    },
    shows: "lower attrition in 12 months",
  },
  team: {
    form: {
      name: "Meera Iyer",
      role: "Principal, Executive Compensation",
      bio: "Meera designs executive pay and long-term incentives for listed companies.",
      photoId: "",
      linkedinUrl: "https://www.linkedin.com/in/meera-iyer",
      status: "published",
    },
    shows: "Meera Iyer",
  },
};
