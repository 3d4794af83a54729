/*
 * The ESOP Design Playbook's worked examples: inputs and stated results, kept apart from the text
 * so the test recomputes them (the cap table at each round, the pool budget, the vesting
 * schedule and the tax on exercise).
 */

/** Illustrative cap table: shares held after each round (the pool counts as issued). */
export const ESOP_CAP_TABLE = {
  seed: { founders: 800_000, seedInvestors: 100_000, pool: 100_000, total: 1_000_000 },
  seriesA: {
    founders: 800_000,
    seedInvestors: 100_000,
    seriesAInvestors: 200_000,
    pool: 150_000,
    total: 1_250_000,
  },
  seriesB: {
    founders: 800_000,
    seedInvestors: 100_000,
    seriesAInvestors: 200_000,
    seriesBInvestors: 300_000,
    pool: 200_000,
    total: 1_600_000,
  },
} as const;

/** Illustrative Series A pool budget for the next 24 months of hiring. */
export const ESOP_POOL_BUDGET = {
  hires: [
    { level: "Vice president", people: 2, optionsEach: 12_000 },
    { level: "Senior manager / staff engineer", people: 5, optionsEach: 5_000 },
    { level: "Manager / senior engineer", people: 10, optionsEach: 2_000 },
    { level: "Engineer / associate", people: 16, optionsEach: 500 },
  ],
  newHireTotal: 77_000,
  refreshPercent: 25,
  refreshReserve: 19_250,
  need: 96_250,
  grantedBeforeSeriesA: 40_000,
  unallocatedAfterTopUp: 110_000,
  buffer: 13_750,
} as const;

/** Illustrative grant: four-year vesting, one-year cliff, monthly thereafter. */
export const ESOP_VESTING = {
  options: 4_800,
  cliffMonths: 12,
  totalMonths: 48,
  vestedAtCliff: 1_200,
  monthlyAfterCliff: 100,
  checkMonth: 30,
  vestedAtCheck: 3_000,
} as const;

/** Illustrative exercise and sale, valued as section 17 of the Income-tax Act values it. */
export const ESOP_TAX = {
  options: 2_000,
  exercisePrice: 10,
  fmvAtExercise: 250,
  amountPaid: 20_000,
  perquisite: 4_80_000,
  salePrice: 400,
  capitalGain: 3_00_000,
} as const;
