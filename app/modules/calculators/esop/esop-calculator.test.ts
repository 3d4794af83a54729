import { describe, expect, it } from "vitest";
import { esopCalculator } from "./esop-calculator";
import { ESOP_EXAMPLE, ESOP_FIELDS, readEsopInputs } from "./esop-query";

const query = (values: Record<string, string>) => new URLSearchParams(values);

describe("ESOP: the query and the breakdown", () => {
  it("reads the example: a start-up's unlisted grant, exercised, sold long-term, diluted twice", () => {
    const read = readEsopInputs(query(ESOP_EXAMPLE));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.input.slabRate).toBe(3_120);
    expect(read.input.rounds).toEqual([2_000, 1_500]);
    const outcome = esopCalculator.breakdown(read.input);
    if (!outcome.ok) throw new Error(outcome.error);
    const headings = outcome.breakdown.sections.map((section) => section.heading);
    expect(headings).toEqual([
      "Vesting",
      "At exercise on 2026-04-15",
      "At sale on 2028-06-30",
      "Dilution across funding rounds",
    ]);
    // All 4,000 vested by 2026-04-01: perquisite 4,000 × (250 − 10) = 9,60,000; tax at 31.2%.
    expect(outcome.breakdown.highlights[0]).toEqual({
      label: "Perquisite tax at exercise",
      amount: 2_99_520_00,
    });
  });

  it("gives a message per field, the one-year cliff among them", () => {
    const read = readEsopInputs(
      query({ ...ESOP_EXAMPLE, options: "0", cliff: "6", exercised: "", sold: "", rate: "x" }),
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        [ESOP_FIELDS.granted]: "Options granted must be at least 1",
        [ESOP_FIELDS.cliffMonths]:
          "Cliff must be at least 12 months: options vest no sooner than a year after grant",
        [ESOP_FIELDS.exercisedOn]: "Exercise date is required",
        [ESOP_FIELDS.slabRate]: "Your tax rate must be a number, such as 1200000",
        [ESOP_FIELDS.soldOn]: "Sale date is required with a sale price",
      },
    });
  });

  it("turns a sale before the current rates into a message for the whole form", () => {
    const read = readEsopInputs(
      query({
        ...ESOP_EXAMPLE,
        granted: "2020-01-01",
        exercised: "2023-01-01",
        sold: "2024-07-01",
      }),
    );
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(esopCalculator.breakdown(read.input)).toEqual({
      ok: false,
      error: "The sale date must be on or after 23 July 2024, when the current rates began.",
    });
  });
});
