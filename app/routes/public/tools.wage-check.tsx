import script from "~/components/calculators/islands/wage-check.ts?worker&url";
import { CheckboxField, TextField } from "~/components/form/fields";
import {
  WAGE_CHECK_CEILING_FIELD,
  WAGE_CHECK_EXAMPLE,
  WAGE_CHECK_FIELDS,
  WAGE_CHECK_SLUG,
  type WageCheckField,
  wageCheckCalculator,
} from "~/modules/calculators/wage-check/wage-check-calculator";
import { calculatorEmailAction, calculatorLoader } from "~/web/calculator-action.server";
import type { Route } from "./+types/tools.wage-check";
import { CalculatorPage, calculatorMeta } from "./tools-shared";

/*
 * /tools/wage-check: the Labour Codes wage check (modules/calculators/wage-check) on the
 * calculator page frame (tools-shared.tsx; docs/decisions/0052, 0053 and 0071).
 */

const F = WAGE_CHECK_FIELDS;
const FIELD_NAMES: readonly WageCheckField[] = [...Object.values(F), WAGE_CHECK_CEILING_FIELD];

export const loader = ({ request }: Route.LoaderArgs) =>
  calculatorLoader(request, FIELD_NAMES, WAGE_CHECK_EXAMPLE);
export const action = (args: Route.ActionArgs) => calculatorEmailAction(args, wageCheckCalculator);
export const meta = calculatorMeta(WAGE_CHECK_SLUG, "Labour Codes wage check: the 50% wages rule");

const ASSUMPTIONS = [
  "The four Labour Codes have been in force since 21 November 2025 and share one definition of wages (Code on Wages, 2019, section 2(y)).",
  "Wages are basic pay, dearness allowance, retaining allowance and any allowance the Code does not exclude, such as a special allowance.",
  "If the payments the Code excludes (HRA, conveyance, statutory bonus, commission, overtime, employer PF and the others in clauses (a) to (i)) come to more than half of all pay, the part above half counts as wages. No other share has been notified.",
  "Gratuity and retrenchment compensation (clauses (j) and (k)) are never added to wages, but they count in all remuneration, the total the half is taken of (section 2(y), first proviso; the Ministry of Labour's FAQs, Q4). They are paid on leaving, not monthly, so this check counts none.",
  "Performance-linked pay, variable pay, stock options and reimbursements are neither wages nor part of all remuneration, as the Ministry of Labour's FAQs say (Q3).",
  "No pay is given in kind; figures are monthly and in rupees.",
  "Before the Codes, PF was worked on basic, DA and retaining allowance, and gratuity on basic and DA; PF is 12% from each side, rounded to the rupee, on the whole wage or on ₹15,000 at most if you choose.",
];

const money = { inputMode: "decimal" as const, autoComplete: "off", spellCheck: false };

export default function WageCheckPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CalculatorPage
      calculator={wageCheckCalculator}
      fields={FIELD_NAMES}
      values={loaderData.values}
      constraints={loaderData.constraints}
      answer={actionData}
      assumptions={ASSUMPTIONS}
      script={script}
      formLabel="Your pay structure"
      submitLabel="Check my structure"
      problem="Correct the fields marked in the form to see your wages."
    >
      {({ field, box }) => {
        const amount = (name: WageCheckField, label: string, hint?: string) => (
          <TextField {...field(name, label, hint)} {...money} />
        );
        return (
          <>
            <fieldset className="space-y-4">
              <legend className="text-xl font-semibold text-navy-950">
                Counted as wages (₹ a month)
              </legend>
              <TextField {...field(F.basic, "Basic pay")} required {...money} />
              <div className="grid gap-4 sm:grid-cols-2">
                {amount(F.dearnessAllowance, "Dearness allowance")}
                {amount(F.retainingAllowance, "Retaining allowance")}
              </div>
              {amount(
                F.otherAllowances,
                "Special and other allowances",
                "Any fixed allowance the Code does not exclude",
              )}
            </fieldset>
            <fieldset className="space-y-4">
              <legend className="text-xl font-semibold text-navy-950">
                Excluded, up to half of pay (₹ a month)
              </legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {amount(F.hra, "House rent allowance")}
                {amount(F.conveyance, "Conveyance allowance")}
                {amount(F.statutoryBonus, "Statutory bonus")}
                {amount(F.commission, "Commission")}
                {amount(F.overtime, "Overtime allowance")}
                {amount(F.employerPf, "Employer's PF or pension")}
              </div>
              {amount(F.amenities, "Housing, medical or other amenity", "Its value, as provided")}
              {amount(F.specialExpenses, "Allowance for special expenses of the job")}
              {amount(F.awardOrSettlement, "Pay under an award or settlement")}
            </fieldset>
            <fieldset className="space-y-4">
              <legend className="text-xl font-semibold text-navy-950">
                Not wages at all (₹ a month)
              </legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {amount(F.variablePay, "Variable or performance pay")}
                {amount(F.reimbursements, "Reimbursements")}
              </div>
            </fieldset>
            <CheckboxField
              {...box(WAGE_CHECK_CEILING_FIELD, "PF on wages up to ₹15,000 a month only")}
            />
          </>
        );
      }}
    </CalculatorPage>
  );
}
