import script from "~/components/calculators/islands/gratuity.ts?worker&url";
import { SelectField, TextField } from "~/components/form/fields";
import {
  EMPLOYER_LABELS,
  EMPLOYMENT_LABELS,
  GRATUITY_EXAMPLE,
  GRATUITY_FIELDS,
  GRATUITY_SLUG,
  type GratuityField,
  gratuityCalculator,
  REASON_LABELS,
} from "~/modules/calculators/gratuity/gratuity-calculator";
import { calculatorEmailAction, calculatorLoader } from "~/web/calculator-action.server";
import type { Route } from "./+types/tools.gratuity";
import { CalculatorPage, calculatorMeta } from "./tools-shared";

/*
 * /tools/gratuity: the gratuity calculator (modules/calculators/gratuity) on the calculator page
 * frame (tools-shared.tsx; docs/decisions/0052, 0053 and 0071).
 */

const F = GRATUITY_FIELDS;
const FIELD_NAMES: readonly GratuityField[] = Object.values(F);

export const loader = ({ request }: Route.LoaderArgs) =>
  calculatorLoader(request, FIELD_NAMES, GRATUITY_EXAMPLE);
export const action = (args: Route.ActionArgs) => calculatorEmailAction(args, gratuityCalculator);
export const meta = calculatorMeta(
  GRATUITY_SLUG,
  "Gratuity calculator under the Code on Social Security",
);

const ASSUMPTIONS = [
  "Employment that ends on or after 21 November 2025 falls under the Code on Social Security, 2020; earlier leaving under the Payment of Gratuity Act, 1972. Where the two differ, the page shows both.",
  "Gratuity is fifteen days' wages for each year of service: the monthly wage last drawn divided by 26 and multiplied by 15. A part year of more than six months counts as a full year.",
  "Under the Code, wages are the Labour Codes' wages (use the wage check to work them out); under the 1972 Act, basic pay and dearness allowance.",
  "Five years of continuous service are needed, except on death or disablement; a fixed term employee qualifies after one year under the Code, and their pro rata gratuity is counted the same way, year by year. Service is counted from the dates given, with no breaks.",
  "Gratuity payable is capped at ₹20 lakh (₹10 lakh for leaving before 29 March 2018). You are monthly paid; seasonal and piece-rated work is not covered here.",
  "The tax-free part follows section 10(10) of the Income-tax Act: all of it for government employees; otherwise the least of the formula, ₹20 lakh over a working life, and the amount received (for employers not covered, half a month's average salary for each completed year instead of the formula).",
];

const money = { inputMode: "decimal" as const, autoComplete: "off", spellCheck: false };
const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

export default function GratuityPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CalculatorPage
      calculator={gratuityCalculator}
      fields={FIELD_NAMES}
      values={loaderData.values}
      constraints={loaderData.constraints}
      answer={actionData}
      assumptions={ASSUMPTIONS}
      script={script}
      formLabel="Your service"
      submitLabel="Calculate gratuity"
      problem="Correct the fields marked in the form to see your gratuity."
    >
      {({ field }) => (
        <>
          <fieldset className="space-y-4">
            <legend className="text-xl font-semibold text-navy-950">Your service</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field(F.joinedOn, "Date of joining")} type="date" required />
              <TextField {...field(F.leftOn, "Date of leaving")} type="date" required />
            </div>
            <SelectField
              {...field(F.employment, "Employment")}
              options={options(EMPLOYMENT_LABELS)}
            />
            <SelectField
              {...field(F.reason, "Reason for leaving")}
              options={options(REASON_LABELS)}
            />
            <SelectField {...field(F.employer, "Employer")} options={options(EMPLOYER_LABELS)} />
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="text-xl font-semibold text-navy-950">Your pay (₹ a month)</legend>
            <TextField
              {...field(
                F.codeWages,
                "Wages last drawn",
                "Under the Labour Codes: basic, DA and any amount added back",
              )}
              required
              {...money}
            />
            <TextField
              {...field(
                F.basicAndDa,
                "Basic pay and DA last drawn",
                "For the 1972 Act; the wages above if left empty",
              )}
              {...money}
            />
            <TextField
              {...field(
                F.averageSalary,
                "Average salary of the last 10 months",
                "Only for an employer not covered",
              )}
              {...money}
            />
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="text-xl font-semibold text-navy-950">For the tax (₹)</legend>
            <TextField
              {...field(
                F.amountReceived,
                "Gratuity received",
                "The amount worked out here if left empty",
              )}
              {...money}
            />
            <TextField
              {...field(
                F.earlierExemption,
                "Tax-free gratuity claimed before",
                "From earlier employers",
              )}
              {...money}
            />
          </fieldset>
        </>
      )}
    </CalculatorPage>
  );
}
