import { describe, expect, it } from "vitest";
import { seededRandom } from "../wage-check/test-random";
import { addMonths, calculateEsop, type EsopInput, type EsopResult, vestingSchedule } from "./esop";
import { CAPITAL_GAINS_RATES, capitalGainsRatesOn, ESOP_RULES } from "./esop-rules";

const rupees = (amount: number) => Math.round(amount * 100);

/** 100 options on a 12-month cliff, monthly to 48 months, all vested when exercised. */
const base: EsopInput = {
  granted: 100,
  grantedOn: "2020-01-01",
  cliffMonths: 12,
  vestingMonths: 48,
  frequency: "monthly",
  exercisePrice: rupees(500),
  exercisedOn: "2024-08-01",
  fmvAtExercise: rupees(1_000),
  listed: true,
  slabRate: 3_120,
  eligibleStartup: false,
  rounds: [],
};

function result(input: EsopInput): EsopResult {
  const outcome = calculateEsop(input);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.result;
}

describe("ESOP: worked examples", () => {
  it("Mint, 'ESOPs are great but they come with taxes too' (s.17(2)(vi)): 100 options at 500 on shares worth 1,000 give a perquisite of 50,000", () => {
    const { vestedAtExercise, exerciseCost, perquisite, perquisiteTax } = result(base);
    expect(vestedAtExercise).toBe(100);
    expect(exerciseCost).toBe(rupees(50_000));
    expect(perquisite).toBe(rupees(50_000));
    // At a 31.2% marginal rate (30% and 4% cess).
    expect(perquisiteTax).toBe(rupees(15_600));
  });

  it("Mint, 'Taxation of employee stock option plans' (17 April 2022): Minali, 500 options at 510 vesting 20% a year from 1 April 2021, buys 100 shares worth 1,000 and pays 51,000; the perquisite is 490 × 100 = 49,000. Her sale on 1 May 2024 (LTCG 50,000 in the article) is refused: the Finance (No. 2) Act 2024 changed the rates from 23 July 2024, and the calculator holds only those", () => {
    const minali: EsopInput = {
      ...base,
      granted: 500,
      grantedOn: "2021-04-01",
      cliffMonths: 12,
      vestingMonths: 60,
      frequency: "annual",
      exercisePrice: rupees(510),
      exercisedOn: "2022-04-01",
      fmvAtExercise: rupees(1_000),
    };
    const { vestedAtExercise, exerciseCost, perquisite } = result(minali);
    expect(vestedAtExercise).toBe(100);
    expect(exerciseCost).toBe(rupees(51_000));
    expect(perquisite).toBe(rupees(49_000));
    const sold = calculateEsop({ ...minali, soldOn: "2024-05-01", salePrice: rupees(1_500) });
    expect(sold).toEqual({ ok: false, error: expect.stringMatching(/23 July 2024/) });
  });

  it("The Quint, 'Budget 2020: Despite fixing, ESOP remains a much-abused acronym': 10 lakh options at 10 on shares worth 100 are a perquisite of 9 crore (the article's 'Rs 90 Mn'), taxed when exercised", () => {
    const { perquisite, exerciseCost } = result({
      ...base,
      granted: 10_00_000,
      exercisePrice: rupees(10),
      fmvAtExercise: rupees(100),
      listed: false,
    });
    expect(exerciseCost).toBe(rupees(1_00_00_000));
    expect(perquisite).toBe(rupees(9_00_00_000));
  });

  it("M2K Advisors, 'Startup series: taxability of ESOPs' (practitioner example): FMV 100 at exercise and price 60 give a perquisite of 40 a share; sold at 150, the capital gain is 150 − 100 = 50 a share (s.49(2AA): the cost is the FMV taxed)", () => {
    const { perquisite, sale } = result({
      ...base,
      exercisePrice: rupees(60),
      fmvAtExercise: rupees(100),
      listed: false,
      exercisedOn: "2024-08-01",
      soldOn: "2025-08-01",
      salePrice: rupees(150),
    });
    // 100 options: 40 and 50 a share.
    expect(perquisite).toBe(rupees(4_000));
    expect(sale?.gain).toBe(rupees(5_000));
    expect(sale?.proceeds).toBe(rupees(15_000));
  });

  it("Taxmann Review Bulletin, April 2021, 'Income Tax Return Forms: analysis', para 3.1: shares allotted free of cost on an FMV of 100 at exercise are a perquisite of 100 a share", () => {
    const { perquisite, exerciseCost } = result({
      ...base,
      granted: 1,
      exercisePrice: 0,
      fmvAtExercise: rupees(100),
      listed: false,
    });
    expect(exerciseCost).toBe(0);
    expect(perquisite).toBe(rupees(100));
  });

  it("CA Club India, 'TDS liability in case of ESOP' (practitioner case study): Mr. X of ABC Ltd., an eligible start-up, is allotted 10,000 shares at 10 in December 2021 on an FMV of 4,500: perquisite 10,000 × 4,490 = 4,49,00,000, its tax deferred under s.192(1C) to 14 days after 31 March 2027 (48 months after the end of AY 2022-23)", () => {
    const { perquisite, exerciseCost, deferral } = result({
      ...base,
      granted: 10_000,
      // Granted four years before, so all 10,000 have vested by the allotment.
      grantedOn: "2017-12-01",
      exercisePrice: rupees(10),
      exercisedOn: "2021-12-15",
      fmvAtExercise: rupees(4_500),
      listed: false,
      eligibleStartup: true,
    });
    expect(exerciseCost).toBe(rupees(1_00_000));
    expect(perquisite).toBe(rupees(4_49_00_000));
    // The dates follow from the case's facts and s.192(1C); the article states the rule.
    expect(deferral).toEqual({
      fortyEightMonthsEnd: "2027-03-31",
      trigger: { on: "2027-03-31", event: "48-months" },
      deductBy: "2027-04-14",
    });
  });

  it("s.192(1C) deferral, Finance Act 2020 memorandum applied to our own dates (textbook-style): allotted 10 July 2024 (AY 2025-26), tax falls due 48 months after 31 March 2026, unless the shares are sold or the employee leaves first", () => {
    const input = { ...base, listed: false, eligibleStartup: true, exercisedOn: "2024-07-10" };
    expect(result(input).deferral).toEqual({
      fortyEightMonthsEnd: "2030-03-31",
      trigger: { on: "2030-03-31", event: "48-months" },
      deductBy: "2030-04-14",
    });
    const left = result({ ...input, leftOn: "2027-06-30" }).deferral;
    expect(left?.trigger).toEqual({ on: "2027-06-30", event: "leaving" });
    const sold = result({
      ...input,
      leftOn: "2027-06-30",
      soldOn: "2026-12-01",
      salePrice: rupees(1_500),
    }).deferral;
    expect(sold?.trigger).toEqual({ on: "2026-12-01", event: "sale" });
    expect(result(base).deferral).toBeNull();
  });

  it("s.112A after 23 July 2024, CBDT FAQs on the Finance (No. 2) Act 2024 rates with our own figures (textbook-style): listed shares held 13 months, gain 3,00,000: 1,25,000 free, 12.5% on 1,75,000 = 21,875 plus cess 875", () => {
    const input = {
      ...base,
      granted: 1_000,
      fmvAtExercise: rupees(500),
      exercisePrice: rupees(100),
      exercisedOn: "2024-08-01",
      soldOn: "2025-09-01",
      salePrice: rupees(800),
    };
    const { sale } = result(input);
    expect(sale?.longTerm).toBe(true);
    expect(sale?.gain).toBe(rupees(3_00_000));
    expect(sale?.exemption).toBe(rupees(1_25_000));
    expect(sale?.taxBeforeCess).toBe(rupees(21_875));
    expect(sale?.cess).toBe(rupees(875));
    expect(sale?.tax).toBe(rupees(22_750));
  });

  it("s.111A after 23 July 2024 (textbook-style figures): the same listed shares sold after exactly 12 months are short-term, 20% on 3,00,000 = 60,000 plus cess 2,400", () => {
    const { sale } = result({
      ...base,
      granted: 1_000,
      fmvAtExercise: rupees(500),
      exercisePrice: rupees(100),
      exercisedOn: "2024-08-01",
      soldOn: "2025-08-01",
      salePrice: rupees(800),
    });
    expect(sale?.longTerm).toBe(false);
    expect(sale?.longTermFrom).toBe("2025-08-02");
    expect(sale?.tax).toBe(rupees(62_400));
  });

  it("s.2(42A) and s.112 for unlisted shares (textbook-style figures): 24 months is short-term at the slab rate, 25 months long-term at 12.5% without the 1.25 lakh exemption", () => {
    const input = {
      ...base,
      listed: false,
      granted: 1_000,
      fmvAtExercise: rupees(200),
      exercisePrice: rupees(10),
      exercisedOn: "2024-08-01",
      salePrice: rupees(400),
    };
    const short = result({ ...input, soldOn: "2026-08-01" }).sale;
    expect(short?.atSlab).toBe(true);
    expect(short?.tax).toBe(rupees(62_400)); // 31.2% of 2,00,000
    const long = result({ ...input, soldOn: "2026-09-01" }).sale;
    expect(long?.longTerm).toBe(true);
    expect(long?.exemption).toBe(0);
    expect(long?.tax).toBe(rupees(26_000)); // 25,000 + 4% cess
  });

  it("a common four-year schedule with a one-year cliff (textbook-style, as SEBI SBEB Regulations reg.18(1) require a year before vesting): 48 options vest 12 at the cliff then 1 a month", () => {
    const schedule = vestingSchedule({ ...base, granted: 48, grantedOn: "2024-01-31" });
    expect(schedule[0]).toEqual({ on: "2025-01-31", vests: 12, cumulative: 12 });
    expect(schedule[1]).toEqual({ on: "2025-02-28", vests: 1, cumulative: 13 });
    expect(schedule.at(-1)).toEqual({ on: "2028-01-31", vests: 1, cumulative: 48 });
    expect(schedule).toHaveLength(37);
  });

  it("dilution (textbook-style figures): a 1% grant and a 10% pool after rounds of 20% and 25% are 0.6% and 6%", () => {
    const { dilution } = result({
      ...base,
      companyShares: 10_000,
      poolShares: 1_000,
      rounds: [2_000, 2_500],
    });
    expect(dilution.map((step) => step.grantShare?.toFixed(4))).toEqual([
      "0.0100",
      "0.0080",
      "0.0060",
    ]);
    expect(dilution.at(-1)?.poolShare).toBeCloseTo(0.06, 10);
  });

  it("refuses a sale before 23 July 2024 and an exercise before anything vests", () => {
    const early = calculateEsop({
      ...base,
      exercisedOn: "2024-01-01",
      soldOn: "2024-07-22",
      salePrice: 1,
    });
    expect(early).toEqual({ ok: false, error: expect.stringMatching(/23 July 2024/) });
    const unvested = calculateEsop({ ...base, exercisedOn: "2020-06-01" });
    expect(unvested).toEqual({ ok: false, error: expect.stringMatching(/No options have vested/) });
  });
});

describe("ESOP: the rules carry their sources", () => {
  it("cites the sections for every rate", () => {
    const rates = capitalGainsRatesOn("2025-01-01");
    expect(rates).toBe(CAPITAL_GAINS_RATES[0]);
    expect(rates?.listed.longTermRate.source).toMatch(/s\.112A/);
    expect(rates?.listed.shortTermRate.source).toMatch(/s\.111A/);
    expect(rates?.unlisted.longTermRate.source).toMatch(/s\.112/);
    expect(ESOP_RULES.perquisite.source).toMatch(/s\.17\(2\)\(vi\)/);
    expect(ESOP_RULES.startupDeferral.source).toMatch(/s\.192\(1C\)/);
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
  });
});

describe("ESOP: properties", () => {
  const random = seededRandom(192);
  const randomInput = (): EsopInput => ({
    ...base,
    granted: random.int(1, 100_000),
    cliffMonths: random.int(12, 24),
    vestingMonths: random.int(24, 60),
    frequency: random.pick(["monthly", "quarterly", "annual"] as const),
    exercisePrice: random.int(1, 1_000_00),
    fmvAtExercise: random.int(1, 5_000_00),
    listed: random.pick([true, false]),
    slabRate: random.int(0, 3_900),
    exercisedOn: "2026-06-01",
    soldOn: `2027-0${random.int(1, 9)}-15`,
    salePrice: random.int(1, 10_000_00),
  });

  it("every option vests exactly once, by the end of the schedule", () => {
    for (let run = 0; run < 300; run += 1) {
      const input = randomInput();
      const schedule = vestingSchedule(input);
      expect(schedule.at(-1)?.cumulative).toBe(input.granted);
      expect(schedule.reduce((total, event) => total + event.vests, 0)).toBe(input.granted);
      expect(schedule[0]?.on).toBe(addMonths(input.grantedOn, input.cliffMonths));
    }
  });

  it("a higher sale price never lowers what is left after tax, and tax is never negative", () => {
    for (let run = 0; run < 300; run += 1) {
      const input = randomInput();
      const lower = calculateEsop(input);
      const higher = calculateEsop({
        ...input,
        salePrice: (input.salePrice ?? 0) + random.int(1, 1_000_00),
      });
      if (!lower.ok || !higher.ok) throw new Error("valid input refused");
      expect(higher.result.netGain ?? 0).toBeGreaterThanOrEqual(lower.result.netGain ?? 0);
      expect(lower.result.sale?.tax ?? 0).toBeGreaterThanOrEqual(0);
      expect(lower.result.perquisiteTax).toBeGreaterThanOrEqual(0);
    }
  });
});
