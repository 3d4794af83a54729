import { groupIndian } from "~/lib/rupees";
import type { Breakdown, BreakdownRow } from "../shared/calculator-model";
import { formatPaise } from "../shared/money";
import type { EsopInput, EsopResult } from "./esop";
import { FREQUENCY_LABELS } from "./esop-query";
import { CAPITAL_GAINS_RATES, capitalGainsRatesOn, ESOP_RULES } from "./esop-rules";

/*
 * An ESOP result as the framework's Breakdown, the one description the page, its script, the PDF
 * and the mail draw: vesting, exercise, sale, dilution, the inputs in words and the sources.
 */

const percentWords = (points: number) => `${(points / 100).toString()}%`;
const shareWords = (share: number | null) =>
  share === null ? "—" : `${(Math.round(share * 1_000_000) / 10_000).toString()}%`;
const count = (value: number) => groupIndian(value);

const TRIGGER_WORDS = {
  "48-months": "48 months after the end of the assessment year",
  sale: "the sale of the shares",
  leaving: "leaving the employer",
} as const;

export function esopBreakdown(input: EsopInput, result: EsopResult): Breakdown {
  const { sale } = result;
  const rates = input.soldOn ? capitalGainsRatesOn(input.soldOn) : CAPITAL_GAINS_RATES.at(-1);
  const exerciseRows: BreakdownRow[] = [
    { label: "Options vested and exercised", text: count(result.vestedAtExercise) },
    { label: "Exercise price paid", amount: result.exerciseCost },
    { label: "Perquisite: (value less price) × shares", amount: result.perquisite, strong: true },
    {
      label: `Tax on it at your rate of ${percentWords(input.slabRate)}`,
      amount: result.perquisiteTax,
      strong: true,
    },
  ];
  if (result.deferral) {
    exerciseRows.push(
      {
        label: "Tax deferred until",
        text: `${result.deferral.trigger.on} (${TRIGGER_WORDS[result.deferral.trigger.event]})`,
      },
      { label: "Employer deducts the tax by", text: result.deferral.deductBy },
    );
  }
  const saleRows: BreakdownRow[] = sale
    ? [
        { label: "Sale proceeds", amount: sale.proceeds },
        { label: "Cost: value at exercise (s.49(2AA))", amount: sale.proceeds - sale.gain },
        { label: sale.gain >= 0 ? "Capital gain" : "Capital loss", amount: sale.gain },
        {
          label: "Held",
          text: sale.longTerm ? "Long-term" : `Short-term (long-term from ${sale.longTermFrom})`,
        },
        ...(sale.exemption > 0 ? [{ label: "Exempt (s.112A)", amount: sale.exemption }] : []),
        {
          label: `Tax at ${sale.atSlab ? "your rate of " : ""}${percentWords(sale.rate)}`,
          amount: sale.taxBeforeCess,
        },
        ...(sale.atSlab ? [] : [{ label: "Health and education cess (4%)", amount: sale.cess }]),
        { label: "Capital gains tax", amount: sale.tax, strong: true },
      ]
    : [];
  const hasDilution = result.dilution.some((step) => step.grantShare !== null);
  return {
    title: "ESOP value",
    headline:
      sale && result.netGain !== null
        ? `${count(result.vestedAtExercise)} shares sold for ${formatPaise(sale.proceeds)} leave ${formatPaise(result.netGain)} after the exercise price and ${formatPaise(result.perquisiteTax + sale.tax)} of tax.`
        : `Exercising ${count(result.vestedAtExercise)} vested options costs ${formatPaise(result.exerciseCost)} and ${formatPaise(result.perquisiteTax)} of tax on a perquisite of ${formatPaise(result.perquisite)}.`,
    highlights: [
      { label: "Perquisite tax at exercise", amount: result.perquisiteTax },
      ...(sale ? [{ label: "Capital gains tax at sale", amount: sale.tax }] : []),
      ...(result.netGain !== null
        ? [{ label: "Left after price and taxes", amount: result.netGain }]
        : []),
      ...(sale ? [] : [{ label: "Exercise price to pay", amount: result.exerciseCost }]),
    ],
    sections: [
      {
        heading: "Vesting",
        columns: ["Options vesting", "Vested in all"],
        grid: result.schedule.map((event) => ({
          label: event.on,
          values: [count(event.vests), count(event.cumulative)],
        })),
      },
      { heading: `At exercise on ${input.exercisedOn}`, rows: exerciseRows },
      ...(sale ? [{ heading: `At sale on ${input.soldOn}`, rows: saleRows }] : []),
      ...(hasDilution
        ? [
            {
              heading: "Dilution across funding rounds",
              columns: ["Your grant", "ESOP pool"],
              grid: result.dilution.map((step) => ({
                label: step.round === 0 ? "Today" : `After round ${step.round}`,
                values: [shareWords(step.grantShare), shareWords(step.poolShare)],
              })),
            },
          ]
        : []),
    ],
    inputs: [
      { label: "Options granted", value: count(input.granted) },
      { label: "Grant date", value: input.grantedOn },
      {
        label: "Vesting",
        value: `${input.cliffMonths}-month cliff, then ${FREQUENCY_LABELS[input.frequency].toLowerCase()} to ${input.vestingMonths} months`,
      },
      { label: "Exercise price a share", value: formatPaise(input.exercisePrice) },
      { label: "Exercise date", value: input.exercisedOn },
      { label: "Fair market value at exercise", value: formatPaise(input.fmvAtExercise) },
      { label: "Shares", value: input.listed ? "Listed" : "Unlisted" },
      { label: "Your tax rate", value: percentWords(input.slabRate) },
      { label: "Eligible start-up (s.80-IAC)", value: input.eligibleStartup ? "Yes" : "No" },
      ...(input.soldOn ? [{ label: "Sale date", value: input.soldOn }] : []),
      ...(input.salePrice !== undefined
        ? [{ label: "Sale price a share", value: formatPaise(input.salePrice) }]
        : []),
      ...(input.leftOn ? [{ label: "Date of leaving", value: input.leftOn }] : []),
      ...input.rounds.map((points, index) => ({
        label: `Round ${index + 1} dilution`,
        value: percentWords(points),
      })),
    ],
    sources: [
      { rule: "Perquisite at exercise", source: ESOP_RULES.perquisite.source },
      { rule: "Fair market value", source: ESOP_RULES.fairMarketValue.source },
      { rule: "Start-up deferral", source: ESOP_RULES.startupDeferral.source },
      { rule: "Cost of the shares", source: ESOP_RULES.costOfAcquisition.source },
      { rule: "Holding period", source: ESOP_RULES.holdingFrom.source },
      ...(rates
        ? input.listed
          ? [
              { rule: "Long-term after", source: rates.listed.longTermAfterMonths.source },
              { rule: "Short-term rate", source: rates.listed.shortTermRate.source },
              { rule: "Long-term rate", source: rates.listed.longTermRate.source },
              { rule: "Yearly exemption", source: rates.listed.longTermExemption.source },
            ]
          : [
              { rule: "Long-term after", source: rates.unlisted.longTermAfterMonths.source },
              { rule: "Short-term rate", source: rates.unlisted.shortTermAtSlab.source },
              { rule: "Long-term rate", source: rates.unlisted.longTermRate.source },
            ]
        : []),
      { rule: "Cess", source: ESOP_RULES.cess.source },
      { rule: "Vesting no sooner than a year", source: ESOP_RULES.minimumVestingMonths.source },
      { rule: "The Income-tax Act, 2025", source: ESOP_RULES.newLaw.source },
    ],
  };
}
