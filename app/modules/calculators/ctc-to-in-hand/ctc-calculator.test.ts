import { describe, expect, it } from "vitest";
import { CTC_EXAMPLE, ctcCalculator, readCtcInputs } from "./ctc-calculator";

/* The CTC calculator's query: what a GET form sends, read with a message per field. */

describe("reading the CTC calculator's query", () => {
  it("reads the example, with Indian digit grouping and the rupee sign allowed", () => {
    const read = readCtcInputs(new URLSearchParams({ ...CTC_EXAMPLE, ctc: "₹15,00,000" }));
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.input.input.ctc).toBe(15_00_000 * 100);
      expect(read.input.input.gratuityInCtc).toBe(true);
      expect(read.input.input.metro).toBe(false);
      expect(read.input.year.financialYear).toBe("2025-26");
    }
  });

  it("gives a message per field for what cannot be read", () => {
    const read = readCtcInputs(
      new URLSearchParams({ ctc: "", basic: "120", state: "XX", rent: "lots", fy: "1999-00" }),
    );
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.errors).toEqual({
        ctc: "CTC is required",
        basic: "Basic must be at most 100",
        state: "Choose a valid state",
        rent: "Rent must be a number, such as 1200000",
        fy: "Choose a valid financial year",
      });
    }
  });

  it("takes the defaults for empty optional fields and reads ticked boxes", () => {
    const read = readCtcInputs(new URLSearchParams({ ctc: "1000000", metro: "1" }));
    expect(read.ok && read.input.input).toMatchObject({
      basicPercent: 50,
      hraPercent: 0,
      pf: "basic",
      state: "KA",
      metro: true,
      parentsSenior: false,
    });
  });

  it("explains a structure that does not fit in the CTC", () => {
    const read = readCtcInputs(new URLSearchParams({ ctc: "1000000", variable: "900000" }));
    if (!read.ok) throw new Error("expected the query to read");
    const outcome = ctcCalculator.breakdown(read.input);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatch(/more than the CTC of ₹10,00,000/);
  });

  it("describes the result for the page, the PDF and the mail, with every rule's source", () => {
    const read = readCtcInputs(new URLSearchParams(CTC_EXAMPLE));
    if (!read.ok) throw new Error("expected the example to read");
    const outcome = ctcCalculator.breakdown(read.input);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.breakdown.title).toBe("CTC to in-hand, FY 2025-26");
    expect(outcome.breakdown.sections.map((section) => section.heading)).toEqual([
      "Salary structure",
      "Income tax for the year",
      "Take-home",
    ]);
    expect(outcome.breakdown.sources.map((source) => source.rule)).toContain(
      "Professional tax (Karnataka)",
    );
    expect(outcome.breakdown.sources.every((source) => source.source.length > 10)).toBe(true);
  });
});
