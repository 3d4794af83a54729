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

  it("Inshorts, 'How will PF & other benefits change if a person's salary crosses 50% limit under new rules?' (31 December 2025) DIFFERS: 20,000 basic and DA, 40,000 allowances and 16,000 of gratuity and retrenchment compensation; the article takes one-half of 76,000 (38,000) and adds back 2,000 (wages 22,000); the calculator leaves (j) and (k) out of all remuneration as well (one-half of 60,000), adding back 10,000 (wages 30,000): see decision 0053", () => {
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
    expect(result.cappedExclusions).toBe(rupees(40_000));
    expect(result.allRemuneration).toBe(rupees(60_000));
    expect(result.exclusionLimit).toBe(rupees(30_000));
    expect(result.addedBack).toBe(rupees(10_000));
    expect(result.wages).toBe(rupees(30_000));
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

  it("Code on Wages s.2(y)(j) and (k) (textbook-style figures): gratuity and retrenchment compensation stay out of the one-half test, as the MoLE FAQ Q3 says", () => {
    const result = checkWages({
      structure: structure({
        basic: 20_000,
        hra: 15_000,
        gratuity: 50_000,
        retrenchmentOrRetirement: 40_000,
      }),
      pfAtCeiling: false,
    });
    expect(result.allRemuneration).toBe(rupees(35_000));
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

  it("more excluded allowances never lower wages", () => {
    for (let run = 0; run < 500; run += 1) {
      const base = randomStructure();
      const key = random.pick(WAGE_COMPONENTS.filter((rule) => rule.treatment !== "wages")).key;
      const more = { ...base, [key]: (base[key] ?? 0) + random.int(1, 5_00_000_00) };
      const before = checkWages({ structure: base, pfAtCeiling: false }).wages;
      const after = checkWages({ structure: more, pfAtCeiling: false }).wages;
      expect(after).toBeGreaterThanOrEqual(before);
    }
  });

  it("wages are never less than half of all remuneration, nor more than all of it", () => {
    for (let run = 0; run < 500; run += 1) {
      const result = checkWages({ structure: randomStructure(), pfAtCeiling: true });
      expect(result.wages * 2).toBeGreaterThanOrEqual(result.allRemuneration - 1);
      expect(result.wages).toBeLessThanOrEqual(result.allRemuneration);
      expect(result.pfAfter.base).toBeLessThanOrEqual(WAGE_RULES.pfWageCeiling.value);
    }
  });
});
