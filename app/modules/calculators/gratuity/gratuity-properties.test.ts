import { describe, expect, it } from "vitest";
import { seededRandom } from "../wage-check/test-random";
import { calculateGratuity, type GratuityInput } from "./gratuity";

/* Properties of the gratuity calculator for any service, wages and employer (seeded cases). */

const rupees = (amount: number) => Math.round(amount * 100);

describe("gratuity: properties", () => {
  const random = seededRandom(53);
  const isoDay = (year: number, month: number, day: number) =>
    new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
  const randomInput = (): GratuityInput => {
    const joined = isoDay(random.int(1985, 2024), random.int(1, 12), random.int(1, 28));
    return {
      joinedOn: joined,
      leftOn: isoDay(2026, random.int(1, 10), random.int(1, 28)),
      employment: random.pick(["permanent", "fixed-term"] as const),
      reason: random.pick(["resignation", "retirement", "death", "fixed-term-end"] as const),
      codeWages: random.int(10_000_00, 5_00_000_00),
      basicAndDa: random.int(5_000_00, 3_00_000_00),
      employer: random.pick(["covered", "not-covered", "government"] as const),
      averageSalary: random.int(5_000_00, 3_00_000_00),
    };
  };

  it("more years of service never lower gratuity", () => {
    for (let run = 0; run < 400; run += 1) {
      const input = randomInput();
      const earlier = isoDay(Number(input.joinedOn.slice(0, 4)) - random.int(1, 5), 1, 15);
      const shorter = calculateGratuity(input);
      const longer = calculateGratuity({ ...input, joinedOn: earlier });
      expect(longer.applied.payable).toBeGreaterThanOrEqual(shorter.applied.payable);
    }
  });

  it("gratuity is never over the ceiling, and the tax-free part never over what is received or the limit", () => {
    for (let run = 0; run < 400; run += 1) {
      const input = randomInput();
      const result = calculateGratuity(input);
      expect(result.applied.payable).toBeLessThanOrEqual(rupees(20_00_000));
      expect(result.tax.exempt).toBeLessThanOrEqual(result.amountReceived);
      if (input.employer !== "government")
        expect(result.tax.exempt).toBeLessThanOrEqual(rupees(20_00_000));
      expect(result.tax.exempt + result.tax.taxable).toBe(result.amountReceived);
    }
  });
});
