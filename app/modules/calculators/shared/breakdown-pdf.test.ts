import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GRATUITY_EXAMPLE, gratuityCalculator } from "../gratuity/gratuity-calculator";
import { breakdownPdf } from "./breakdown-pdf.server";

/** Every compressed stream of a PDF, inflated (pdfkit compresses contents and font tables). */
function inflatedStreams(pdf: Buffer): string {
  const text = pdf.toString("latin1");
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf("endstream", start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // Not a deflated stream (or not whole): nothing to read in it.
    }
  }
  return out.join("\n");
}

describe("breakdown PDF", () => {
  it("draws the rupee sign in Inter, embedded from node_modules (Helvetica has none), and never writes 'Rs'", async () => {
    const read = gratuityCalculator.readInputs(new URLSearchParams(GRATUITY_EXAMPLE));
    if (!read.ok) throw new Error("the example's inputs do not read");
    const outcome = gratuityCalculator.breakdown(read.input);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.breakdown.headline).toContain("₹");
    const pdf = Buffer.from(
      await breakdownPdf(outcome.breakdown, {
        siteName: "Firm",
        email: "a@example.in",
        phone: "+91 1",
        pageUrl: "https://example.in/tools/gratuity",
      }),
    );
    const raw = pdf.toString("latin1");
    expect(raw.startsWith("%PDF-")).toBe(true);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Inter/);
    const streams = inflatedStreams(pdf);
    // The embedded font's ToUnicode map names U+20B9, so the sign is drawn and copied as ₹.
    expect(streams.toLowerCase()).toContain("<20b9>");
    // Helvetica text is written as hex: "Rs " would be 52 73 20.
    expect(streams.toLowerCase()).not.toContain("527320");
  });
});
