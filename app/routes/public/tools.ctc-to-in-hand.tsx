import script from "~/components/calculators/islands/ctc-to-in-hand.ts?worker&url";
import { CheckboxField, SelectField, TextField } from "~/components/form/fields";
import {
  CTC_EXAMPLE,
  CTC_FIELDS,
  CTC_SLUG,
  type CtcField,
  ctcCalculator,
} from "~/modules/calculators/ctc-to-in-hand/ctc-calculator";
import {
  PROFESSIONAL_TAX,
  STATE_CODES,
} from "~/modules/calculators/ctc-to-in-hand/professional-tax";
import { SALARY_TAX_YEARS } from "~/modules/calculators/ctc-to-in-hand/tax-rules";
import { calculatorEmailAction, calculatorLoader } from "~/web/calculator-action.server";
import type { Route } from "./+types/tools.ctc-to-in-hand";
import { CalculatorPage, calculatorMeta } from "./tools-shared";

/*
 * /tools/ctc-to-in-hand: the CTC calculator (modules/calculators/ctc-to-in-hand) on the
 * calculator page frame (tools-shared.tsx). Its inputs are a GET form: the server computes from
 * the address; the page's script recomputes as the visitor types and the address follows, so a
 * result can be shared. Without a query the page shows an example and is stored by the page
 * cache (the e-mail form's token is the cache's per-visitor slot); with one it is rendered per
 * request (docs/decisions/0052-calculators.md, 0071).
 */

const FIELD_NAMES = Object.values(CTC_FIELDS) as CtcField[];

export const loader = ({ request }: Route.LoaderArgs) =>
  calculatorLoader(request, FIELD_NAMES, CTC_EXAMPLE);
export const action = (args: Route.ActionArgs) => calculatorEmailAction(args, ctcCalculator);
export const meta = calculatorMeta(CTC_SLUG, "CTC to in-hand salary calculator (FY 2025-26)");

const ASSUMPTIONS = [
  "You are a resident individual below 60, salaried for the whole financial year, with no other income.",
  "Basic, HRA and special allowance are paid monthly; variable pay is paid in the same year and taxed as salary. The monthly take-home is the year's take-home divided by twelve.",
  "The CTC includes the employer's PF and, if you say so, the gratuity the employer provides for (4.81% of basic); neither is paid with the salary.",
  "Employer contributions to PF stay within the ₹7.5 lakh a year that is tax-free; no employer NPS is counted.",
  "Professional tax follows the state's schedule for the monthly fixed pay (Tamil Nadu: Greater Chennai Corporation's half-yearly rates; Maharashtra: the rates for men).",
  "Old regime: HRA is exempt by the least of the three amounts of rule 2A, with salary meaning basic; 80C counts your PF first; 80D is for people below 60 (your parents' limit follows your choice); home loan interest is for a house you live in.",
  "Tax is rounded to the nearest ten rupees, and the regime that taxes less is recommended; the new regime is the default if you do not choose.",
];

const numberField = { inputMode: "decimal" as const, autoComplete: "off", spellCheck: false };

export default function CtcToInHand({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CalculatorPage
      calculator={ctcCalculator}
      fields={FIELD_NAMES}
      values={loaderData.values}
      constraints={loaderData.constraints}
      answer={actionData}
      assumptions={ASSUMPTIONS}
      script={script}
      formLabel="Your salary"
      submitLabel="Calculate"
      problem="Correct the fields marked in the form to see your take-home."
    >
      {({ field, box }) => (
        <>
          <fieldset className="space-y-4">
            <legend className="text-xl font-semibold text-navy-950">Your offer</legend>
            <SelectField
              {...field(CTC_FIELDS.year, "Financial year")}
              options={SALARY_TAX_YEARS.map((year) => ({
                value: year.financialYear,
                label: `FY ${year.financialYear}`,
              }))}
            />
            <TextField {...field(CTC_FIELDS.ctc, "CTC a year (₹)")} required {...numberField} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field(CTC_FIELDS.basicPercent, "Basic (% of CTC)")} {...numberField} />
              <TextField {...field(CTC_FIELDS.hraPercent, "HRA (% of basic)")} {...numberField} />
            </div>
            <TextField
              {...field(
                CTC_FIELDS.variablePay,
                "Variable pay a year (₹)",
                "Bonus or incentive within the CTC",
              )}
              {...numberField}
            />
            <TextField
              {...field(
                CTC_FIELDS.otherBenefits,
                "Other benefits in the CTC a year (₹)",
                "Insurance premiums and other benefits not paid as salary",
              )}
              {...numberField}
            />
            <SelectField
              {...field(CTC_FIELDS.pf, "Provident fund")}
              options={[
                { value: "basic", label: "12% of the whole basic" },
                { value: "ceiling", label: "12% of basic up to ₹15,000 a month" },
                { value: "none", label: "No PF" },
              ]}
            />
            <SelectField
              {...field(CTC_FIELDS.gratuity, "Gratuity included in the CTC")}
              options={[
                { value: "yes", label: "Yes (4.81% of basic)" },
                { value: "no", label: "No" },
              ]}
            />
            <SelectField
              {...field(CTC_FIELDS.state, "State (professional tax)")}
              options={STATE_CODES.map((code) => ({
                value: code,
                label: PROFESSIONAL_TAX[code].state,
              }))}
            />
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="text-xl font-semibold text-navy-950">For the old regime</legend>
            <TextField
              {...field(CTC_FIELDS.rentMonthly, "Rent paid a month (₹)")}
              {...numberField}
            />
            <CheckboxField
              {...box(CTC_FIELDS.metro, "I live in Delhi, Mumbai, Kolkata or Chennai")}
            />
            <TextField
              {...field(
                CTC_FIELDS.investments80C,
                "80C investments besides PF a year (₹)",
                "PPF, ELSS, life insurance, principal of a home loan",
              )}
              {...numberField}
            />
            <TextField
              {...field(
                CTC_FIELDS.healthInsuranceSelf,
                "Health insurance for self and family a year (₹)",
              )}
              {...numberField}
            />
            <TextField
              {...field(
                CTC_FIELDS.healthInsuranceParents,
                "Health insurance for parents a year (₹)",
              )}
              {...numberField}
            />
            <CheckboxField {...box(CTC_FIELDS.parentsSenior, "My parents are 60 or older")} />
            <TextField
              {...field(
                CTC_FIELDS.homeLoanInterest,
                "Home loan interest a year (₹)",
                "For a house you live in",
              )}
              {...numberField}
            />
          </fieldset>
        </>
      )}
    </CalculatorPage>
  );
}
