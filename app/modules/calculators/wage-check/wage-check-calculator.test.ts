import { describe, expect, it } from "vitest";
import {
  readWageCheckInputs,
  WAGE_CHECK_EXAMPLE,
  WAGE_CHECK_FIELDS,
  wageCheckCalculator,
} from "./wage-check-calculator";

const query = (values: Record<string, string>) => new URLSearchParams(values);

describe("wage check: the query and the breakdown", () => {
  it("reads the example and explains the add-back in its headline", () => {
    const read = readWageCheckInputs(query(WAGE_CHECK_EXAMPLE));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.input.pfAtCeiling).toBe(true);
    const outcome = wageCheckCalculator.breakdown(read.input);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.breakdown.headline).toBe(
      "Excluded allowances are 56% of pay, over the 50% limit: ₹3,000 a month is added back, so wages are ₹25,000.",
    );
    expect(outcome.breakdown.highlights[0]).toEqual({
      label: "Wages under the Codes, a month",
      amount: 25_000_00,
    });
    expect(outcome.breakdown.sources.map((source) => source.source).join(" ")).toMatch(
      /s\.2\(y\)\(f\)/,
    );
  });

  it("shows gratuity and retrenchment compensation as part of all remuneration in the 50% test, only when given (decision 0053)", () => {
    const rowsOf = (structure: Record<string, number>) => {
      const outcome = wageCheckCalculator.breakdown({ structure, pfAtCeiling: false });
      if (!outcome.ok) throw new Error(outcome.error);
      const test = outcome.breakdown.sections.find((section) => section.heading === "The 50% test");
      return (test && "rows" in test ? (test.rows ?? []) : []).map((row) => [
        row.label,
        row.amount,
      ]);
    };
    const withGratuity = rowsOf({ basic: 20_000_00, hra: 40_000_00, gratuity: 16_000_00 });
    expect(withGratuity).toContainEqual(["All remuneration", 76_000_00]);
    expect(withGratuity).toContainEqual([
      "Gratuity and retrenchment compensation, clauses (j) and (k)",
      16_000_00,
    ]);
    expect(withGratuity).toContainEqual(["Added back to wages", 2_000_00]);
    const without = rowsOf({ basic: 20_000_00, hra: 40_000_00 });
    expect(without.map(([label]) => label)).not.toContain(
      "Gratuity and retrenchment compensation, clauses (j) and (k)",
    );
  });

  it("gives one message per bad field and needs a basic pay", () => {
    const read = readWageCheckInputs(query({ basic: "", hra: "ten", conveyance: "-5" }));
    expect(read).toEqual({
      ok: false,
      errors: {
        [WAGE_CHECK_FIELDS.basic]: "Basic pay must be more than 0",
        [WAGE_CHECK_FIELDS.hra]: "House rent allowance must be a number, such as 1200000",
        [WAGE_CHECK_FIELDS.conveyance]:
          "Conveyance allowance or travel concession must be a number, such as 1200000",
      },
    });
  });
});
