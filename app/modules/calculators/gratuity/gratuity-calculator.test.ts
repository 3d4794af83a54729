import { describe, expect, it } from "vitest";
import {
  GRATUITY_EXAMPLE,
  GRATUITY_FIELDS,
  gratuityCalculator,
  readGratuityInputs,
} from "./gratuity-calculator";

const query = (values: Record<string, string>) => new URLSearchParams(values);

describe("gratuity: the query and the breakdown", () => {
  it("reads the example: 8 years 7 months on 60,000 of Code wages under the Code", () => {
    const read = readGratuityInputs(query(GRATUITY_EXAMPLE));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const outcome = gratuityCalculator.breakdown(read.input);
    if (!outcome.ok) throw new Error(outcome.error);
    // 60,000 × 15/26 × 9 = 3,11,538.46
    expect(outcome.breakdown.highlights[0]).toEqual({
      label: "Gratuity payable",
      amount: 3_11_538_46,
    });
    expect(outcome.breakdown.headline).toMatch(/under the Code on Social Security, 2020/);
    expect(outcome.breakdown.sections.map((section) => section.heading)).toContain(
      "For comparison, under the Payment of Gratuity Act, 1972",
    );
  });

  it("says why the other law gives nothing: a one-year fixed term under the 1972 Act", () => {
    const read = readGratuityInputs(
      query({
        ...GRATUITY_EXAMPLE,
        joined: "2025-12-01",
        left: "2026-11-30",
        employment: "fixed-term",
        reason: "fixed-term-end",
      }),
    );
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const outcome = gratuityCalculator.breakdown(read.input);
    if (!outcome.ok) throw new Error(outcome.error);
    const comparison = outcome.breakdown.sections.find((section) =>
      section.heading.startsWith("For comparison"),
    );
    expect(comparison?.rows?.[0]?.text).toBe(
      "No: Needs 5 years of continuous service (Payment of Gratuity Act, 1972, s.4(1): continuous service of not less than five years).",
    );
  });

  it("gives a message per field: dates, order, wages and a fixed term's end", () => {
    const read = readGratuityInputs(
      query({ joined: "2020-02-30", left: "", wages: "0", reason: "fixed-term-end" }),
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        [GRATUITY_FIELDS.joinedOn]: "Date of joining must be a date, such as 2020-04-01",
        [GRATUITY_FIELDS.leftOn]: "Date of leaving is required",
        [GRATUITY_FIELDS.codeWages]: "Monthly wages must be more than 0",
        [GRATUITY_FIELDS.reason]: "The end of a fixed term applies only to a fixed term contract",
      },
    });
    const backwards = readGratuityInputs(
      query({ ...GRATUITY_EXAMPLE, joined: "2026-01-01", left: "2025-01-01" }),
    );
    expect(backwards.ok ? null : backwards.errors[GRATUITY_FIELDS.leftOn]).toBe(
      "Date of leaving must be on or after the date of joining",
    );
  });
});
