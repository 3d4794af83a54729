/*
 * The rules of the ESOP calculator, as data with their sources (decision 0053): the perquisite at
 * exercise, the deferral for eligible start-ups, the cost and holding periods for capital gains,
 * and the rates for transfers from 23 July 2024. No formula in esop.ts holds a number of its own.
 * Rates are basis points (12.5% = 1250) so paise stay integers.
 */

import type { Sourced } from "../wage-check/wage-rules";

export interface CapitalGainsRates {
  /** First transfer date (ISO) the rates apply to. */
  from: string;
  listed: {
    longTermAfterMonths: Sourced<number>;
    shortTermRate: Sourced<number>;
    longTermRate: Sourced<number>;
    /** Long-term gains free of tax each year (paise). */
    longTermExemption: Sourced<number>;
  };
  unlisted: {
    longTermAfterMonths: Sourced<number>;
    /** Short-term gains are taxed at the person's own slab rate. */
    shortTermAtSlab: Sourced<true>;
    longTermRate: Sourced<number>;
  };
}

export const CAPITAL_GAINS_RATES: readonly CapitalGainsRates[] = [
  {
    from: "2024-07-23",
    listed: {
      longTermAfterMonths: {
        value: 12,
        source:
          "Income-tax Act, 1961, s.2(42A), first proviso as amended by the Finance (No. 2) Act, 2024: listed shares held more than 12 months are long-term",
      },
      shortTermRate: {
        value: 2000,
        source:
          "Income-tax Act, 1961, s.111A: 20% on short-term gains on listed equity shares (STT paid), transfers from 23 July 2024",
      },
      longTermRate: {
        value: 1250,
        source:
          "Income-tax Act, 1961, s.112A: 12.5% on long-term gains on listed equity shares (STT paid), transfers from 23 July 2024",
      },
      longTermExemption: {
        value: 1_25_000_00,
        source:
          "Income-tax Act, 1961, s.112A(2): the first ₹1,25,000 of such long-term gains in a year is not taxed (from the year 2024-25)",
      },
    },
    unlisted: {
      longTermAfterMonths: {
        value: 24,
        source:
          "Income-tax Act, 1961, s.2(42A) as amended by the Finance (No. 2) Act, 2024: unlisted shares held more than 24 months are long-term",
      },
      shortTermAtSlab: {
        value: true,
        source:
          "Income-tax Act, 1961: short-term gains on unlisted shares are taxed with other income at the slab rates",
      },
      longTermRate: {
        value: 1250,
        source:
          "Income-tax Act, 1961, s.112(1): 12.5% without indexation on long-term gains, transfers from 23 July 2024",
      },
    },
  },
];

export const ESOP_RULES = {
  perquisite: {
    value: "fmv-at-exercise-less-price" as const,
    source:
      "Income-tax Act, 1961, s.17(2)(vi) and its Explanation (c): the value of shares allotted is their fair market value on the date the option is exercised less the amount paid for them; taxed as salary",
  },
  fairMarketValue: {
    value: "rule-3(8)" as const,
    source:
      "Income-tax Rules, 1962, r.3(8): listed shares at the average of the opening and closing price on the date of exercise; unlisted at a merchant banker's value on that date or up to 180 days before",
  },
  costOfAcquisition: {
    value: "fmv-at-exercise" as const,
    source:
      "Income-tax Act, 1961, s.49(2AA): the cost of shares taxed as a perquisite is the fair market value taken for the perquisite",
  },
  holdingFrom: {
    value: "allotment" as const,
    source: "Income-tax Act, 1961, s.2(42A): shares are held from their allotment on exercise",
  },
  startupDeferral: {
    value: { monthsAfterAssessmentYear: 48, deductWithinDays: 14, fromAllotment: "2020-04-01" },
    source:
      "Income-tax Act, 1961, s.192(1C) (Finance Act, 2020): for an eligible start-up under s.80-IAC, tax on the perquisite is deducted within 14 days of the earliest of 48 months from the end of the assessment year, the sale of the shares, or leaving the employer",
  },
  cess: {
    value: 400,
    source: "Finance Act, 2025, s.2: Health and Education Cess at 4% of income-tax",
  } satisfies Sourced<number>,
  minimumVestingMonths: {
    value: 12,
    source:
      "Companies (Share Capital and Debentures) Rules, 2014, r.12(6)(a) and SEBI (Share Based Employee Benefits and Sweat Equity) Regulations, 2021, reg.18(1): at least one year between grant and vesting",
  } satisfies Sourced<number>,
  newLaw: {
    value: "2026-04-01",
    source:
      "From 1 April 2026 these rules are carried into the Income-tax Act, 2025 (same rates and periods, new section numbers)",
  } satisfies Sourced<string>,
} as const;

/** The capital gains rates for a transfer date (ISO), or undefined before the first table. */
export function capitalGainsRatesOn(soldOn: string): CapitalGainsRates | undefined {
  return CAPITAL_GAINS_RATES.filter((rates) => rates.from <= soldOn).at(-1);
}

export const EARLIEST_SALE_DATE = CAPITAL_GAINS_RATES[0]?.from ?? "2024-07-23";
