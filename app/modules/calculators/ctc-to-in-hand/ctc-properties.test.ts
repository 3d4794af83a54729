import { describe, expect, it } from "vitest";
import { percentOf, rupees } from "../shared/money";
import { seededRandom } from "../wage-check/test-random";
import { exampleInput } from "./ctc-test-input";
import { ctcToInHand, type RegimeTax } from "./ctc-to-in-hand";
import { FY_2025_26 as FY } from "./tax-rules";

/*
 * Properties of the CTC calculator for any offer: more CTC never gives less in-hand (with the
 * law's one exception below), and the comparison recommends the regime with the lower tax.
 * Cases come from a seeded generator (mulberry32), so a failure replays. The generator used
 * before took the low bits of a linear congruential generator, which repeat with a short period:
 * every trial got the same answer to each yes-or-no draw (always far from the thresholds, always
 * a large raise), and the tests passed with the s.87A marginal relief removed.
 */

const states = ["KA", "MH", "TN", "WB", "TS", "GJ", "NONE"] as const;
const pfs = ["basic", "ceiling", "none"] as const;
/** CTCs around which the taxable income crosses ₹12 lakh (the rebate) and the surcharge steps. */
const thresholds = [12_75_000, 53_00_000, 1_04_00_000, 2_08_00_000] as const;

/*
 * The law's one exception: inside the marginal-relief bands (just above ₹12 lakh, and above each
 * surcharge threshold) the whole income above the threshold goes in tax and the 4% cess is
 * charged on it, so a raise there leaves up to 4% of its taxable part less in hand, and the
 * employee's PF on the raise (12% of its basic) comes off the pay slip too, though it stays the
 * employee's. Everywhere else more CTC never gives less in-hand; inside, it never costs more than
 * that cess and that PF.
 */
function raises(
  seed: number,
  check: (a: RegimeTax, b: RegimeTax, raise: number, label: string, extraPf: number) => void,
) {
  const random = seededRandom(seed);
  for (let trial = 0; trial < 800; trial++) {
    const structure = {
      basicPercent: random.int(30, 60),
      hraPercent: random.int(0, 50),
      pf: random.pick(pfs),
      gratuityInCtc: random.pick([true, false]),
      state: random.pick(states),
    };
    // Half the cases within ₹1.5 lakh of a threshold, half anywhere from ₹3 lakh to ₹3 crore.
    const low = random.pick([true, false])
      ? random.pick(thresholds) + random.int(-1_50_000, 1_50_000)
      : random.int(3_00_000, 3_00_00_000);
    const raise = random.pick([true, false])
      ? random.int(5_000, 60_000)
      : random.int(5_000, 20_00_000);
    const a = ctcToInHand(FY, exampleInput({ ...structure, ctc: low }));
    const b = ctcToInHand(FY, exampleInput({ ...structure, ctc: low + raise }));
    if (!a.ok || !b.ok) continue;
    const label = `CTC ${low} + ${raise} with ${JSON.stringify(structure)}`;
    // The employee's own PF on the raise leaves the pay slip but stays the employee's.
    const extraPf = b.result.structure.employeePf - a.result.structure.employeePf;
    check(a.result.newRegime, b.result.newRegime, raise, label, extraPf);
    check(a.result[a.result.better], b.result[b.result.better], raise, label, extraPf);
  }
}

describe("CTC to in-hand: properties", () => {
  it("more CTC never gives less in-hand outside the marginal-relief bands (raises of ₹5,000 or more)", () => {
    let checked = 0;
    let acrossRebate = 0;
    raises(28, (a, b, _raise, label) => {
      if (a.marginalRelief > 0 || b.marginalRelief > 0) return;
      checked += 1;
      if (a.taxableIncome <= rupees(12_00_000) && b.taxableIncome > rupees(12_00_000))
        acrossRebate += 1;
      expect(b.inHandYear, label).toBeGreaterThanOrEqual(a.inHandYear);
    });
    expect(checked).toBeGreaterThan(1_000);
    // Raises that carry the income past the rebate's ₹12 lakh, where a missing relief would show.
    expect(acrossRebate).toBeGreaterThan(10);
  });

  it("inside the marginal-relief bands a raise costs at most the 4% cess on it and the employee's own PF on it", () => {
    let inside = 0;
    raises(2028, (a, b, raise, label, extraPf) => {
      if (a.marginalRelief > 0 || b.marginalRelief > 0) inside += 1;
      // Rounding the income (s.288A) and the tax (s.288B) to ₹10 may each add up to ₹10 more,
      // and the income's ₹10 pays cess too.
      const rounding = FY.roundingRupees;
      const cessOnRaise =
        percentOf(rupees(raise + rounding), FY.cessPercent) + rupees(2 * rounding);
      expect(b.inHandYear, label).toBeGreaterThanOrEqual(a.inHandYear - cessOnRaise - extraPf);
    });
    expect(inside).toBeGreaterThan(50);
  });

  it("the regime comparison always recommends the one with the lower tax", () => {
    const random = seededRandom(2025);
    const recommended = { newRegime: 0, oldRegime: 0 };
    for (let trial = 0; trial < 600; trial++) {
      const outcome = ctcToInHand(
        FY,
        exampleInput({
          ctc: random.int(2_00_000, 1_02_00_000),
          rentMonthly: random.int(0, 80_000),
          metro: random.pick([true, false]),
          investments80C: random.int(0, 2_00_000),
          healthInsuranceSelf: random.int(0, 40_000),
          homeLoanInterest: random.int(0, 3_00_000),
        }),
      );
      if (!outcome.ok) continue;
      const { newRegime, oldRegime, better } = outcome.result;
      recommended[better] += 1;
      const lower = Math.min(newRegime.totalTax, oldRegime.totalTax);
      expect(outcome.result[better].totalTax).toBe(lower);
      expect(outcome.result[better].inHandYear).toBeGreaterThanOrEqual(
        Math.min(newRegime.inHandYear, oldRegime.inHandYear),
      );
    }
    // Both answers occur, so a comparison that always said one regime would fail.
    expect(recommended.newRegime).toBeGreaterThan(50);
    expect(recommended.oldRegime).toBeGreaterThan(50);
  });
});
