import { describe, expect, it } from "vitest";
import { calculateGratuity, type GratuityInput } from "./gratuity";
import { GRATUITY_RULES, gratuityLawFor, inForceOn } from "./gratuity-rules";
import { servicePeriod, yearsWithPartAbove } from "./service-period";

const rupees = (amount: number) => Math.round(amount * 100);
/** Whole rupees, as published answers give them. */
const inRupees = (paise: number) => Math.round(paise / 100);

const base: GratuityInput = {
  joinedOn: "2015-01-01",
  leftOn: "2023-07-31",
  employment: "permanent",
  reason: "resignation",
  codeWages: rupees(6_000),
  basicAndDa: rupees(6_000),
  employer: "covered",
};

describe("gratuity: worked examples", () => {
  it("TaxTMI income-tax manual, s.10(10) illustration: X of A Ltd., covered, retires 31 January 2015 after 29 years 8 months on 3,100 a month and receives 62,000; 53,654 is exempt, 8,346 taxable", () => {
    const result = calculateGratuity({
      ...base,
      joinedOn: "1985-06-01",
      leftOn: "2015-01-31",
      reason: "retirement",
      codeWages: rupees(3_100),
      basicAndDa: rupees(3_100),
      amountReceived: rupees(62_000),
    });
    expect(result.service).toEqual({ years: 29, months: 8, days: 0 });
    expect(result.applied.law.key).toBe("act-1972");
    expect(result.applied.yearsCounted).toBe(30);
    expect(inRupees(result.tax.exempt)).toBe(53_654);
    expect(result.tax.boundBy).toBe("formula");
    expect(inRupees(result.tax.taxable)).toBe(8_346);
  });

  it("CiteHR answer on gratuity (practitioner example): 8 years 7 months on a basic of 6,000 counts 9 years and gives 31,154", () => {
    const result = calculateGratuity({ ...base, joinedOn: "2015-01-01", leftOn: "2023-07-31" });
    expect(result.service).toEqual({ years: 8, months: 7, days: 0 });
    expect(result.applied.eligible).toBe(true);
    expect(result.applied.yearsCounted).toBe(9);
    expect(inRupees(result.applied.payable)).toBe(31_154);
  });

  it("CiteHR answer on the six-month rule (practitioner example): 6 years 2 months count 6 years; 6 years 6 months 5 days count 7", () => {
    const six = servicePeriod("2010-01-01", "2016-02-29");
    expect(six).toEqual({ years: 6, months: 2, days: 0 });
    expect(yearsWithPartAbove(six, GRATUITY_RULES.partYearAboveMonths.value)).toBe(6);
    const seven = servicePeriod("2010-01-01", "2016-07-05");
    expect(seven).toEqual({ years: 6, months: 6, days: 5 });
    expect(yearsWithPartAbove(seven, GRATUITY_RULES.partYearAboveMonths.value)).toBe(7);
    // Exactly six months is not "in excess of six months".
    const exact = servicePeriod("2010-01-01", "2016-06-30");
    expect(yearsWithPartAbove(exact, GRATUITY_RULES.partYearAboveMonths.value)).toBe(6);
  });

  it("incometaxmanagement.in, 'Section 10(10): exemption for gratuity income' (practitioner example, employee covered by the 1972 Act): last salary 1,00,000 a month, 20 years, 18 lakh received: (1,00,000 × 15/26) × 20 = 11,53,846 exempt, 6,46,154 taxable", () => {
    const result = calculateGratuity({
      ...base,
      joinedOn: "2004-04-01",
      leftOn: "2024-03-31",
      reason: "retirement",
      codeWages: rupees(1_00_000),
      basicAndDa: rupees(1_00_000),
      amountReceived: rupees(18_00_000),
    });
    expect(result.service).toEqual({ years: 20, months: 0, days: 0 });
    expect(result.applied.law.key).toBe("act-1972");
    expect(inRupees(result.applied.formulaAmount)).toBe(11_53_846);
    expect(result.tax.boundBy).toBe("formula");
    expect(inRupees(result.tax.exempt)).toBe(11_53_846);
    expect(inRupees(result.tax.taxable)).toBe(6_46_154);
  });

  it("incometaxmanagement.in, 'Section 10(10): exemption for gratuity income' (practitioner example, employee not covered): average salary 90,000, 25 years, 22 lakh received: (90,000 × 1/2) × 25 = 11,25,000 exempt, 10,75,000 taxable", () => {
    const result = calculateGratuity({
      ...base,
      joinedOn: "1999-04-01",
      leftOn: "2024-03-31",
      reason: "retirement",
      employer: "not-covered",
      averageSalary: rupees(90_000),
      amountReceived: rupees(22_00_000),
    });
    expect(result.tax.boundBy).toBe("half-month");
    expect(result.tax.exempt).toBe(rupees(11_25_000));
    expect(result.tax.taxable).toBe(rupees(10_75_000));
  });

  it("CiteHR answer on a BSNL employee's gratuity (practitioner example): basic 21,340 and DA 13,124 (34,464) for 10 years 7½ months count 11 years: 34,464 × 15 × 11 ÷ 26 = 2,18,714", () => {
    const result = calculateGratuity({
      ...base,
      joinedOn: "2012-01-01",
      leftOn: "2022-08-15",
      codeWages: rupees(34_464),
      basicAndDa: rupees(34_464),
    });
    expect(result.service).toEqual({ years: 10, months: 7, days: 15 });
    expect(result.applied.yearsCounted).toBe(11);
    expect(inRupees(result.applied.payable)).toBe(2_18_714);
  });

  it("CiteHR answer on gratuity years (practitioner example, P. Ramachandran): joined 1 December 2000, left 17 August 2010 on 26,000 a month; the part year over six months counts, so 10 years: 26,000 × 15 × 10 ÷ 26 = 1,50,000", () => {
    const result = calculateGratuity({
      ...base,
      joinedOn: "2000-12-01",
      leftOn: "2010-08-17",
      codeWages: rupees(26_000),
      basicAndDa: rupees(26_000),
    });
    // The answer calls it 9 years 9 months; to the day it is 9 years 8 months 17 days.
    expect(result.service).toEqual({ years: 9, months: 8, days: 17 });
    expect(result.applied.law.key).toBe("act-1972");
    expect(result.applied.yearsCounted).toBe(10);
    expect(result.applied.payable).toBe(rupees(1_50_000));
  });

  // Press examples of the 1972 Act's formula, (wages × years × 15) ÷ 26, each published figure
  // the rupees of the exact amount (the articles drop the paise).
  it.each([
    [
      "khelja.in, 'Gratuity Calculation: ... Rs 33,000, Rs 56,000 and Rs 71,000 last-drawn basic salary after 8 years and 5 months'",
      33_000,
      "2017-02-01",
      8,
      1_52_307,
    ],
    ["the same article", 56_000, "2017-02-01", 8, 2_58_461],
    [
      "obnews.co, gratuity for Rs 39,000, Rs 59,000 and Rs 66,000 basic after 7 years and 7 months",
      39_000,
      "2017-12-01",
      8,
      1_80_000,
    ],
    ["the same article", 59_000, "2017-12-01", 8, 2_72_307],
    ["the same article", 66_000, "2017-12-01", 8, 3_04_615],
  ] as const)(
    "%s (press example): %i a month, leaving 30 June 2025 after joining on %s, counts %i years and gives %i",
    (_source, wages, joinedOn, years, published) => {
      const result = calculateGratuity({
        ...base,
        joinedOn,
        leftOn: "2025-06-30",
        codeWages: rupees(wages),
        basicAndDa: rupees(wages),
      });
      expect(result.applied.law.key).toBe("act-1972");
      const { years: whole, months } = result.service;
      expect([whole, months]).toEqual(joinedOn === "2017-02-01" ? [8, 5] : [7, 7]);
      expect(result.applied.yearsCounted).toBe(years);
      expect(Math.floor(result.applied.payable / 100)).toBe(published);
    },
  );

  it("Industrial Relations Code s.2(o)(iii) and MoLE FAQs on fixed term employees (textbook-style figures): a fixed term of one year on wages of 52,000 ending after 21 November 2025 gives 30,000; the 1972 Act would have given nothing", () => {
    const result = calculateGratuity({
      ...base,
      joinedOn: "2025-12-01",
      leftOn: "2026-11-30",
      employment: "fixed-term",
      reason: "fixed-term-end",
      codeWages: rupees(52_000),
      basicAndDa: rupees(30_000),
    });
    expect(result.applied.law.key).toBe("code-2020");
    expect(result.applied.eligible).toBe(true);
    expect(inRupees(result.applied.payable)).toBe(30_000);
    expect(result.otherLaw?.law.key).toBe("act-1972");
    expect(result.otherLaw?.eligible).toBe(false);
    expect(result.tax.exempt).toBe(result.applied.payable);
  });

  it("Code on Social Security s.53(3) ceiling (textbook-style figures): 40 years on wages of 1,00,000 work out at 23,07,692 and are paid 20,00,000, all tax-free", () => {
    const result = calculateGratuity({
      ...base,
      joinedOn: "1986-04-01",
      leftOn: "2026-03-31",
      reason: "retirement",
      codeWages: rupees(1_00_000),
      basicAndDa: rupees(60_000),
    });
    expect(inRupees(result.applied.formulaAmount)).toBe(23_07_692);
    expect(result.applied.cappedAtCeiling).toBe(true);
    expect(result.applied.payable).toBe(rupees(20_00_000));
    expect(result.tax.exempt).toBe(rupees(20_00_000));
    expect(result.tax.taxable).toBe(0);
  });

  it("Income-tax Act s.10(10)(iii), ICAI study-material pattern with our own figures (textbook-style): not covered, 25 years 10 months, ten-month average 20,600, 6,00,000 received: 2,57,500 exempt, 3,42,500 taxable", () => {
    const result = calculateGratuity({
      ...base,
      joinedOn: "1999-03-01",
      leftOn: "2024-12-31",
      reason: "retirement",
      employer: "not-covered",
      averageSalary: rupees(20_600),
      amountReceived: rupees(6_00_000),
    });
    expect(result.service).toEqual({ years: 25, months: 10, days: 0 });
    expect(result.tax.boundBy).toBe("half-month");
    expect(result.tax.exempt).toBe(rupees(2_57_500));
    expect(result.tax.taxable).toBe(rupees(3_42_500));
  });

  it("Payment of Gratuity Act s.4(1) first proviso (textbook-style figures): death after 3 years 2 months still gives gratuity; resignation then does not", () => {
    const death = calculateGratuity({
      ...base,
      joinedOn: "2019-01-01",
      leftOn: "2022-02-28",
      reason: "death",
    });
    expect(death.applied.eligible).toBe(true);
    expect(death.applied.yearsCounted).toBe(3);
    const resigned = calculateGratuity({ ...base, joinedOn: "2019-01-01", leftOn: "2022-02-28" });
    expect(resigned.applied.eligible).toBe(false);
    expect(resigned.applied.payable).toBe(0);
  });

  it("TaxTMI income-tax manual, s.10(10) illustration (Chapter 03, 'Salary - Gratuity'): X, a Central Government employee, receives 9,20,000 on retiring on 31 December 2014; all of it is exempt under s.10(10)(i), whatever he earns in the private sector afterwards", () => {
    // The illustration gives no service or wages: they do not enter s.10(10)(i).
    const result = calculateGratuity({
      ...base,
      joinedOn: "1980-01-01",
      leftOn: "2014-12-31",
      reason: "retirement",
      employer: "government",
      amountReceived: rupees(9_20_000),
    });
    expect(result.tax.exempt).toBe(rupees(9_20_000));
    expect(result.tax.taxable).toBe(0);
  });

  it("Income-tax Act s.10(10)(i) (textbook-style figures): a government employee's gratuity is fully exempt, even above the 20 lakh limit of the other clauses", () => {
    const result = calculateGratuity({
      ...base,
      employer: "government",
      amountReceived: rupees(25_00_000),
    });
    expect(result.tax.exempt).toBe(rupees(25_00_000));
    expect(result.tax.taxable).toBe(0);
  });

  it("s.10(10) limit is for a working life: an earlier exemption of 15 lakh leaves 5 lakh", () => {
    const result = calculateGratuity({
      ...base,
      joinedOn: "1990-01-01",
      leftOn: "2025-12-31",
      codeWages: rupees(1_00_000),
      earlierExemption: rupees(15_00_000),
    });
    expect(result.tax.boundBy).toBe("ceiling");
    expect(result.tax.exempt).toBe(rupees(5_00_000));
  });
});

describe("gratuity: the rules carry their sources", () => {
  it("picks the law by the leaving date and the limits by date", () => {
    expect(gratuityLawFor("2025-11-20").key).toBe("act-1972");
    expect(gratuityLawFor("2025-11-21").key).toBe("code-2020");
    expect(inForceOn(GRATUITY_RULES.ceilings, "2018-03-28")?.value).toBe(rupees(10_00_000));
    expect(inForceOn(GRATUITY_RULES.ceilings, "2018-03-29")?.value).toBe(rupees(20_00_000));
    for (const entry of [...GRATUITY_RULES.ceilings, ...GRATUITY_RULES.taxExemptLimits])
      expect(entry.source).toMatch(/s\.(4\(3\)|10\(10\))/);
  });
});
