import script from "~/components/calculators/islands/esop.ts?worker&url";
import { CheckboxField, SelectField, TextField } from "~/components/form/fields";
import { ESOP_SLUG, esopCalculator } from "~/modules/calculators/esop/esop-calculator";
import {
  ESOP_EXAMPLE,
  ESOP_FIELDS,
  type EsopField,
  FREQUENCY_LABELS,
} from "~/modules/calculators/esop/esop-query";
import { calculatorEmailAction, calculatorLoader } from "~/web/calculator-action.server";
import type { Route } from "./+types/tools.esop";
import { CalculatorPage, calculatorMeta } from "./tools-shared";

/*
 * /tools/esop: the ESOP value calculator (modules/calculators/esop) on the calculator page frame
 * (tools-shared.tsx; docs/decisions/0052, 0053 and 0071).
 */

const F = ESOP_FIELDS;
const FIELD_NAMES: readonly EsopField[] = Object.values(F);

export const loader = ({ request }: Route.LoaderArgs) =>
  calculatorLoader(request, FIELD_NAMES, ESOP_EXAMPLE);
export const action = (args: Route.ActionArgs) => calculatorEmailAction(args, esopCalculator);
export const meta = calculatorMeta(
  ESOP_SLUG,
  "ESOP value calculator: tax at exercise and sale, and dilution",
);

const ASSUMPTIONS = [
  "Options vest after the cliff in proportion to the months passed, then at each step you choose, until the vesting period ends; no option vests sooner than a year after grant.",
  "You exercise every option vested by the exercise date and sell all of those shares on the sale date.",
  "At exercise, the fair market value less the price you pay is taxed as salary (a perquisite) at the rate you give, which should include surcharge and cess.",
  "An eligible start-up (recognised under section 80-IAC) deducts that tax only at the earliest of 48 months after the end of the assessment year, your sale, or your leaving; the amount does not change.",
  "At sale, the gain over the value at exercise is a capital gain. Listed shares (sold on an exchange with STT) are long-term after 12 months: 12.5% over ₹1.25 lakh a year, else 20%. Unlisted shares are long-term after 24 months: 12.5%, else your rate. These are the rates for sales from 23 July 2024; 4% cess is added, surcharge is not.",
  "You have no other listed long-term gains in the year, no losses to set off, and are resident in India. Dilution assumes each round issues new shares as the share of the company you give, with no pool top-up.",
];

const numberField = { inputMode: "decimal" as const, autoComplete: "off", spellCheck: false };

export default function EsopPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CalculatorPage
      calculator={esopCalculator}
      fields={FIELD_NAMES}
      values={loaderData.values}
      constraints={loaderData.constraints}
      answer={actionData}
      assumptions={ASSUMPTIONS}
      script={script}
      formLabel="Your grant"
      submitLabel="Calculate"
      problem="Correct the fields marked in the form to see what your options are worth."
    >
      {({ field, box }) => {
        const number = (name: EsopField, label: string, hint?: string, required?: boolean) => (
          <TextField {...field(name, label, hint)} required={required} {...numberField} />
        );
        return (
          <>
            <fieldset className="space-y-4">
              <legend className="text-xl font-semibold text-navy-950">Your grant</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {number(F.granted, "Options granted", undefined, true)}
                <TextField {...field(F.grantedOn, "Grant date")} type="date" required />
                {number(F.cliffMonths, "Cliff (months)", undefined, true)}
                {number(F.vestingMonths, "Vesting period (months)", undefined, true)}
              </div>
              <SelectField
                {...field(F.frequency, "After the cliff, options vest")}
                options={Object.entries(FREQUENCY_LABELS).map(([value, label]) => ({
                  value,
                  label,
                }))}
              />
              <SelectField
                {...field(F.listing, "The company's shares are")}
                options={[
                  { value: "unlisted", label: "Unlisted" },
                  { value: "listed", label: "Listed on a stock exchange" },
                ]}
              />
              <CheckboxField
                {...box(F.eligibleStartup, "The company is an eligible start-up (section 80-IAC)")}
              />
            </fieldset>
            <fieldset className="space-y-4">
              <legend className="text-xl font-semibold text-navy-950">Exercise and sale</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {number(F.exercisePrice, "Exercise price a share (₹)", undefined, true)}
                <TextField {...field(F.exercisedOn, "Exercise date")} type="date" required />
                {number(
                  F.fmvAtExercise,
                  "Value a share at exercise (₹)",
                  "Fair market value",
                  true,
                )}
                {number(F.slabRate, "Your tax rate (%)", "With surcharge and cess", true)}
                <TextField
                  {...field(F.soldOn, "Sale date", "Leave empty if not sold")}
                  type="date"
                />
                {number(F.salePrice, "Sale price a share (₹)")}
              </div>
              <TextField
                {...field(F.leftOn, "Date you leave the employer", "If known")}
                type="date"
              />
            </fieldset>
            <fieldset className="space-y-4">
              <legend className="text-xl font-semibold text-navy-950">Dilution</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {number(F.companyShares, "Company's shares, fully diluted")}
                {number(F.poolShares, "ESOP pool (shares)")}
                {number(F.round1, "Round 1: new shares (%)")}
                {number(F.round2, "Round 2: new shares (%)")}
                {number(F.round3, "Round 3: new shares (%)")}
              </div>
            </fieldset>
          </>
        );
      }}
    </CalculatorPage>
  );
}
