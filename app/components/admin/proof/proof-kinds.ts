import type { ProofKind } from "~/modules/proof/proof.schema";

/*
 * What the admin says about each kind of social proof: its tab, the fields of its form (in
 * order; the schema in modules/proof/proof.schema.ts gives their limits and messages), how an
 * entry is summed up in the list, and the empty state that says what to add and why. One
 * collection editor (proof-collection.tsx) draws all four from this.
 */

export interface ProofFieldView {
  name: string;
  label: string;
  control: "text" | "textarea" | "image" | "url";
  hint?: string;
  placeholder?: string;
}

export interface ProofKindView {
  /** The tab's label and the list's heading. */
  title: string;
  /** One entry: "testimonial" ("Add testimonial", "Testimonial deleted."). */
  noun: string;
  /** Where published entries appear on the site. */
  shownOn: string;
  /** The empty state: what to add, and why it matters. */
  empty: string;
  fields: ProofFieldView[];
  /** The card's heading and the line under it. */
  summary: (fields: Record<string, string>) => { title: string; detail: string };
}

export const PROOF_KIND_VIEWS: Record<ProofKind, ProofKindView> = {
  testimonials: {
    title: "Testimonials",
    noun: "testimonial",
    shownOn: "the home and Services pages",
    empty:
      "No testimonials yet. Add a quote from a client who is happy to be named, with their name, role and company (and a photo if they agree): a buyer trusts another HR leader's words more than anything we say about ourselves. The testimonials section stays hidden on the site until one is published.",
    fields: [
      {
        name: "quote",
        label: "Quote",
        control: "textarea",
        hint: "Their words, without quotation marks.",
      },
      { name: "name", label: "Name", control: "text" },
      { name: "role", label: "Role", control: "text", placeholder: "e.g. Chief People Officer" },
      { name: "company", label: "Company", control: "text" },
      {
        name: "photoId",
        label: "Photo",
        control: "image",
        hint: "Without a photo the card shows their initials.",
      },
      {
        name: "caseStudyUrl",
        label: "Case study link",
        control: "url",
        hint: "Optional: the case study this client's work is told in.",
      },
    ],
    summary: (f) => ({ title: f.name ?? "", detail: `${f.role}, ${f.company}: “${f.quote}”` }),
  },
  "client-logos": {
    title: "Client logos",
    noun: "client logo",
    shownOn: "the band under the home page's hero, and the Services page",
    empty:
      "No client logos yet. Add the companies you have worked with and may name, each with its logo from the media library (and a link to their site if you like): recognisable names under the home page's hero tell a visitor at a glance that firms like theirs trust us. Until one is published, that band shows your results figures instead, or nothing.",
    fields: [
      {
        name: "name",
        label: "Client name",
        control: "text",
        hint: "Read out in place of the logo, and shown when there is no logo.",
      },
      {
        name: "logoId",
        label: "Logo",
        control: "image",
        hint: "An SVG or a wide PNG on a transparent background looks best.",
      },
      {
        name: "url",
        label: "Link",
        control: "url",
        hint: "Optional: the client's website or a case study.",
      },
    ],
    summary: (f) => ({ title: f.name ?? "", detail: f.url || "No link" }),
  },
  results: {
    title: "Results",
    noun: "results figure",
    shownOn: "the results band of the home and Services pages",
    empty:
      "No results figures yet. Add outcomes you can stand behind, such as “40%” with “lower attrition in 12 months” for a fintech client: two or three concrete numbers make the firm's claims believable. The results band stays hidden until one is published.",
    fields: [
      {
        name: "figure",
        label: "Figure",
        control: "text",
        placeholder: "e.g. 40%",
        hint: "Short: it is set in large type.",
      },
      {
        name: "label",
        label: "Label",
        control: "text",
        placeholder: "e.g. lower attrition in 12 months",
      },
      {
        name: "client",
        label: "Client or industry",
        control: "text",
        placeholder: "e.g. Series B fintech, 300 people",
      },
    ],
    summary: (f) => ({ title: `${f.figure} ${f.label}`, detail: f.client ?? "" }),
  },
  team: {
    title: "Team",
    noun: "team member",
    shownOn: "the About page (Our Founding Partners)",
    empty:
      "No team members yet. Add the people clients will work with: photo, name, role, a short bio and their LinkedIn profile. Buyers hire people, not logos. The About page's partners section stays hidden until one is published.",
    fields: [
      { name: "name", label: "Name", control: "text" },
      {
        name: "role",
        label: "Role",
        control: "text",
        placeholder: "e.g. Founder and Chief Executive Officer",
      },
      { name: "bio", label: "Short bio", control: "textarea" },
      {
        name: "photoId",
        label: "Photo",
        control: "image",
        hint: "Without a photo the page shows their initials.",
      },
      {
        name: "linkedinUrl",
        label: "LinkedIn address",
        control: "url",
        placeholder: "https://www.linkedin.com/in/…",
      },
    ],
    summary: (f) => ({ title: f.name ?? "", detail: f.role ?? "" }),
  },
};

export const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
