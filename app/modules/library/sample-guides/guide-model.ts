/*
 * A sample guide's content as data: the seeded resources that can be written truthfully carry
 * real guidance (sections, tables, worked examples, sources), drawn by one PDF renderer
 * (resource-pdf.server.ts). Figures in worked examples are literals, not computed here, so that
 * the tests can recompute them from their inputs and catch a sum that does not add up.
 */

export type TextBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "bullets"; items: string[] }
  | {
      kind: "table";
      columns: string[];
      rows: string[][];
      /** Relative column widths (equal when left out). */
      widths?: number[];
    };

/** A worked example: a boxed block with a title, its inputs, working and result. */
export type GuideBlock = TextBlock | { kind: "example"; title: string; blocks: TextBlock[] };

export interface GuideSection {
  heading: string;
  blocks: GuideBlock[];
}

export interface GuideSource {
  /** The law, rule or document, with its section numbers. */
  title: string;
  /** What the guide takes from it. */
  use: string;
}

export interface SampleGuide {
  slug: string;
  /** The first paragraph, on the title page. */
  lead: string;
  sections: GuideSection[];
  sources: GuideSource[];
}

/*
 * Made once: the guides' tables are built when the server loads this module, and a new
 * Intl.NumberFormat for each of their 80-odd figures (0.2 ms each) was about 20 ms of every
 * server start.
 */
const INDIAN_WHOLE_NUMBER = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** Indian grouping for rupee amounts, as in the guides' tables ("12,00,000"). */
export function rupees(amount: number): string {
  return `Rs ${INDIAN_WHOLE_NUMBER.format(amount)}`;
}

/** A whole number with Indian grouping ("1,60,000"). */
export function count(value: number): string {
  return INDIAN_WHOLE_NUMBER.format(value);
}
