import { describe, expect, it } from "vitest";
import { seededRandom } from "./test-random";
import { checkWages, type WageStructure } from "./wage-check";
import { WAGE_COMPONENT_KEYS, WAGE_COMPONENTS, WAGE_RULES } from "./wage-rules";

const rupees = (amount: number) => amount * 100;

function structure(values: Partial<Record<keyof WageStructure, number>>) {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, rupees(value)]),
  ) as Partial<WageStructure>;
}

describe("wage check: worked examples", () => {
  it("greytHR Community, 'CTC structure as per new guidelines, Wage Code 2019' (practitioner example): basic 20,000, HRA 10,000, conveyance 8,000, special 12,000 give wages of 32,000 and nothing added back", () => {
    const result = checkWages({
      structure: structure({
        basic: 20_000,
        hra: 10_000,
        conveyance: 8_000,
        otherAllowances: 12_000,
      }),
      pfAtCeiling: false,
    });
    expect(result.allRemuneration).toBe(rupees(50_000));
    expect(result.cappedExclusions).toBe(rupees(18_000));
    expect(result.exclusionLimit).toBe(rupees(25_000));
    expect(result.exceedsLimit).toBe(false);
    expect(result.addedBack).toBe(0);
    expect(result.wages).toBe(rupees(32_000));
  });

  it("Inshorts, 'How will PF & other benefits change if a person's salary crosses 50% limit under new rules?' (31 December 2025, the day after the Ministry of Labour published its FAQs on the Labour Codes; the figures match the FAQ's Q7 illustration as reported): 76,000 a month with 20,000 basic and DA, 40,000 allowances and 16,000 of gratuity and retrenchment compensation; one-half is 38,000, 2,000 is added back, wages are 22,000", () => {
    // The article gives the allowances and the (j)/(k) payments as totals; any split gives the same.
    const result = checkWages({
      structure: structure({
        basic: 20_000,
        hra: 25_000,
        conveyance: 15_000,
        gratuity: 10_000,
        retrenchmentOrRetirement: 6_000,
      }),
      pfAtCeiling: false,
    });
    expect(result.allRemuneration).toBe(rupees(76_000));
    expect(result.cappedExclusions).toBe(rupees(40_000));
    expect(result.uncappedExclusions).toBe(rupees(16_000));
    expect(result.exclusionLimit).toBe(rupees(38_000));
    expect(result.exceedsLimit).toBe(true);
    expect(result.addedBack).toBe(rupees(2_000));
    expect(result.wages).toBe(rupees(22_000));
  });

  it("Mint, 'How the new wage code will affect your salary' (26 March 2021), Mercer's example: on 1,00,000 a month the exclusions can be at most half, so wages are at least 50,000 (here basic at the 30% the article calls usual, with 70,000 of HRA, conveyance and commission)", () => {
    const result = checkWages({
      structure: structure({ basic: 30_000, hra: 40_000, conveyance: 10_000, commission: 20_000 }),
      pfAtCeiling: false,
    });
    expect(result.allRemuneration).toBe(rupees(1_00_000));
    expect(result.exclusionLimit).toBe(rupees(50_000));
    expect(result.addedBack).toBe(rupees(20_000));
    expect(result.wages).toBe(rupees(50_000));
  });

  it("Times Bull, 'New Labour Rules: step-by-step guide to calculate your revised in-hand salary' (November 2025): 50,000 a month with a basic of 15,000 (the rest excluded allowances, as the article takes it): wages rise to 25,000 and PF from 1,800 to 3,000 a month", () => {
    const result = checkWages({
      structure: structure({ basic: 15_000, hra: 20_000, conveyance: 15_000 }),
      pfAtCeiling: false,
    });
    expect(result.wages).toBe(rupees(25_000));
    expect(result.pfBefore).toEqual({ base: rupees(15_000), contribution: rupees(1_800) });
    expect(result.pfAfter).toEqual({ base: rupees(25_000), contribution: rupees(3_000) });
  });

  it("CiteHR answer on a 20,000 CTC structure (practitioner example, before the Codes): basic 8,000, HRA 4,000, other allowance 3,112 (gross 15,112): PF 12% of basic is 960; under the Codes the other allowance is wages too (11,112) and HRA stays within half, so PF is 1,333", () => {
    const result = checkWages({
      structure: structure({ basic: 8_000, hra: 4_000, otherAllowances: 3_112 }),
      pfAtCeiling: false,
    });
    expect(result.allRemuneration).toBe(rupees(15_112));
    expect(result.pfBefore.contribution).toBe(rupees(960));
    expect(result.addedBack).toBe(0);
    expect(result.wages).toBe(rupees(11_112));
    // 12% of 11,112 is 1,333.44, rounded to the rupee (EPF Scheme para 29(4)).
    expect(result.pfAfter.contribution).toBe(rupees(1_333));
  });

  it("Ministry of Labour and Employment's example on PF after the Codes (its post on X after the Codes came into force on 21 November 2025, as reported by India Employment News, 'New Labour Codes: Government Clarifies Impact on Take-Home Salary, PF and Wage Structure', and All India Story, 'New Labour Codes: Why Your Take-Home Salary Won't Reduce Despite Higher Basic Pay'): 60,000 a month with basic and DA 20,000 and allowances 40,000; PF on the 15,000 ceiling stays 1,800 from each side (3,600), before and after the Codes, though wages become 30,000", () => {
    // The reports give the allowances as one total; any split among (a) to (i) gives the same.
    const input = structure({ basic: 20_000, hra: 25_000, conveyance: 15_000 });
    const capped = checkWages({ structure: input, pfAtCeiling: true });
    expect(capped.allRemuneration).toBe(rupees(60_000));
    expect(capped.addedBack).toBe(rupees(10_000));
    expect(capped.wages).toBe(rupees(30_000));
    expect(capped.pfBefore).toEqual({ base: rupees(15_000), contribution: rupees(1_800) });
    expect(capped.pfAfter).toEqual({ base: rupees(15_000), contribution: rupees(1_800) });
    // The Ministry's "take-home ₹56,400" is 60,000 less both shares (2 × 1,800), unchanged.
    expect(rupees(60_000) - 2 * capped.pfAfter.contribution).toBe(rupees(56_400));
  });

  it("CiteHR answer on PF contributions (practitioner example): on a salary of 10,000 the employee pays 1,200; on 20,000 with PF on the whole salary, 2,400 (the answer's pension share, 8.33% of 15,000 = 1,250, is not computed here)", () => {
    const ten = checkWages({ structure: structure({ basic: 10_000 }), pfAtCeiling: false });
    expect(ten.pfAfter.contribution).toBe(rupees(1_200));
    const twenty = checkWages({ structure: structure({ basic: 20_000 }), pfAtCeiling: false });
    expect(twenty.pfAfter).toEqual({ base: rupees(20_000), contribution: rupees(2_400) });
  });

  it("Ministry of Labour FAQs on the Labour Codes, Q2 and Q4 rule applied to a textbook-style structure (the FAQ gives no figures): basic and DA 40,000 with 60,000 of HRA and conveyance add back 10,000, wages 50,000", () => {
    const result = checkWages({
      structure: structure({
        basic: 35_000,
        dearnessAllowance: 5_000,
        hra: 40_000,
        conveyance: 20_000,
      }),
      pfAtCeiling: false,
    });
    expect(result.exceedsLimit).toBe(true);
    expect(result.addedBack).toBe(rupees(10_000));
    expect(result.wages).toBe(rupees(50_000));
  });

  it("Ministry of Labour FAQs on the Labour Codes, Q3 (textbook-style figures): performance pay and reimbursements are neither wages nor counted in the one-half test", () => {
    const without = checkWages({
      structure: structure({ basic: 30_000, hra: 30_000 }),
      pfAtCeiling: false,
    });
    const withOutside = checkWages({
      structure: structure({
        basic: 30_000,
        hra: 30_000,
        variablePay: 50_000,
        reimbursements: 5_000,
      }),
      pfAtCeiling: false,
    });
    expect(withOutside.wages).toBe(without.wages);
    expect(withOutside.allRemuneration).toBe(rupees(60_000));
    expect(withOutside.addedBack).toBe(0);
  });

  it("Code on Wages s.2(y)(j) and (k) with its first proviso (textbook-style figures): gratuity and retrenchment compensation are never added back, but they count in all remuneration, so they raise the half the capped exclusions are measured against", () => {
    const without = checkWages({
      structure: structure({ basic: 20_000, hra: 30_000 }),
      pfAtCeiling: false,
    });
    expect(without.addedBack).toBe(rupees(5_000));
    const result = checkWages({
      structure: structure({
        basic: 20_000,
        hra: 30_000,
        gratuity: 5_000,
        retrenchmentOrRetirement: 5_000,
      }),
      pfAtCeiling: false,
    });
    expect(result.allRemuneration).toBe(rupees(60_000));
    expect(result.exclusionLimit).toBe(rupees(30_000));
    expect(result.addedBack).toBe(0);
    expect(result.wages).toBe(rupees(20_000));
  });

  it("EPF Scheme para 26A(2) ceiling and EPF Act s.6 12% (textbook-style figures): basic 12,000 with 28,000 of allowances adds back 8,000; PF at the ceiling goes from 1,440 to 1,800, without it to 2,400", () => {
    const input = structure({ basic: 12_000, hra: 16_000, conveyance: 6_000, commission: 6_000 });
    const capped = checkWages({ structure: input, pfAtCeiling: true });
    expect(capped.addedBack).toBe(rupees(8_000));
    expect(capped.wages).toBe(rupees(20_000));
    expect(capped.pfBefore).toEqual({ base: rupees(12_000), contribution: rupees(1_440) });
    expect(capped.pfAfter).toEqual({ base: rupees(15_000), contribution: rupees(1_800) });
    const full = checkWages({ structure: input, pfAtCeiling: false });
    expect(full.pfAfter).toEqual({ base: rupees(20_000), contribution: rupees(2_400) });
  });

  it("Payment of Gratuity Act s.2(s) against the Code's wages (textbook-style figures): one year's gratuity on basic 26,000 is 15,000; on Code wages of 39,000 it is 22,500", () => {
    const result = checkWages({
      structure: structure({ basic: 26_000, hra: 26_000, conveyance: 26_000 }),
      pfAtCeiling: false,
    });
    expect(result.wages).toBe(rupees(39_000));
    expect(result.gratuityPerYearBefore).toBe(rupees(15_000));
    expect(result.gratuityPerYearAfter).toBe(rupees(22_500));
  });

  it("EPF Scheme para 29(4): a contribution is rounded to the nearest rupee, fifty paise up", () => {
    // 12% of ₹10,004.20 is ₹1,200.504 → ₹1,201.
    const result = checkWages({ structure: { basic: 10_004_20 }, pfAtCeiling: false });
    expect(result.pfAfter.contribution).toBe(rupees(1_201));
  });
});

describe("wage check: the rules carry their sources", () => {
  it("names a section or the MoLE FAQ for every component, and the Codes' date", () => {
    expect(WAGE_COMPONENTS.map((rule) => rule.key)).toEqual([...WAGE_COMPONENT_KEYS]);
    for (const rule of WAGE_COMPONENTS) expect(rule.source).toMatch(/s\.2\(y\)|FAQ/);
    expect(WAGE_RULES.inForceFrom.value).toBe("2025-11-21");
    expect(WAGE_RULES.exclusionLimit.source).toMatch(/first proviso/);
  });
});

describe("wage check: properties", () => {
  const random = seededRandom(2028);
  const randomStructure = (): Partial<WageStructure> =>
    Object.fromEntries(WAGE_COMPONENT_KEYS.map((key) => [key, random.int(0, 20_00_000_00)]));

  it("more of the payments under (a) to (i) never lower wages", () => {
    for (let run = 0; run < 500; run += 1) {
      const base = randomStructure();
      const key = random.pick(
        WAGE_COMPONENTS.filter((rule) => rule.treatment === "excluded-capped"),
      ).key;
      const more = { ...base, [key]: (base[key] ?? 0) + random.int(1, 5_00_000_00) };
      const before = checkWages({ structure: base, pfAtCeiling: false }).wages;
      const after = checkWages({ structure: more, pfAtCeiling: false }).wages;
      expect(after).toBeGreaterThanOrEqual(before);
    }
  });

  it("the payments under (a) to (i) left out of wages never pass half of all remuneration, and wages never pass all of it", () => {
    for (let run = 0; run < 500; run += 1) {
      const result = checkWages({ structure: randomStructure(), pfAtCeiling: true });
      const keptOut = result.cappedExclusions - result.addedBack;
      expect(keptOut * 2).toBeLessThanOrEqual(result.allRemuneration + 1);
      expect(result.wages).toBeLessThanOrEqual(result.allRemuneration);
      expect(result.pfAfter.base).toBeLessThanOrEqual(WAGE_RULES.pfWageCeiling.value);
    }
  });
});
