import { Form } from "react-router";
import {
  type FormValues,
  useCalculatorForm,
  valuesFromQuery,
} from "~/components/calculators/use-calculator-form";
import { CheckboxField, FieldLookProvider, TextField } from "~/components/form/fields";
import { primaryButton } from "~/components/site/ui";
import { constraintsOf } from "~/lib/form-constraints";
import { publicMeta, siteFromMatches } from "~/lib/seo";
import { calculatorEntry, calculatorPath, TOOLS_PATH } from "~/modules/calculators/catalogue";
import { breakdownRequestSchema } from "~/modules/calculators/shared/breakdown-request-form";
import { calculatorJsonLd } from "~/modules/calculators/shared/calculator-json-ld";
import {
  WAGE_CHECK_CEILING_FIELD,
  WAGE_CHECK_EXAMPLE,
  WAGE_CHECK_FIELDS,
  WAGE_CHECK_SLUG,
  type WageCheckField,
  wageCheckCalculator,
} from "~/modules/calculators/wage-check/wage-check-calculator";
import type { RouteHandle } from "~/root";
import { calculatorEmailAction } from "~/web/calculator-action.server";
import type { Route } from "./+types/tools.wage-check";
import {
  BreakdownActions,
  BreakdownView,
  CalculatorShell,
  EmailBreakdownForm,
} from "./tools-shared";

/** Interactive (live results): the page hydrates (decision 0067). */
export const handle: RouteHandle = { hydrate: true };

/*
 * /tools/wage-check: the Labour Codes wage check (modules/calculators/wage-check), on the
 * calculator page pattern of tools.ctc-to-in-hand.tsx (docs/decisions/0052 and 0053): a GET form
 * the server computes without JavaScript, recomputed as one types with it.
 */

const ENTRY = calculatorEntry(WAGE_CHECK_SLUG) ?? {
  slug: WAGE_CHECK_SLUG,
  name: wageCheckCalculator.name,
  summary: "",
  service: { label: "Benefits Strategy", path: "/services/benefits" },
};
const F = WAGE_CHECK_FIELDS;
const FIELD_NAMES: readonly WageCheckField[] = [...Object.values(F), WAGE_CHECK_CEILING_FIELD];

export function loader({ request }: Route.LoaderArgs) {
  return {
    values: valuesFromQuery(new URL(request.url).searchParams, FIELD_NAMES, WAGE_CHECK_EXAMPLE),
    constraints: constraintsOf(breakdownRequestSchema),
  };
}

export const action = (args: Route.ActionArgs) => calculatorEmailAction(args, wageCheckCalculator);

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return publicMeta(matches, {
    title: "Labour Codes wage check: the 50% wages rule",
    description: ENTRY.summary,
    path: calculatorPath(WAGE_CHECK_SLUG),
    breadcrumbs: [
      { name: "Tools", path: TOOLS_PATH },
      { name: ENTRY.name, path: calculatorPath(WAGE_CHECK_SLUG) },
    ],
    jsonLd: site ? [calculatorJsonLd(site, ENTRY)] : [],
  });
};

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
    <WageCheckForm
      key={JSON.stringify(loaderData.values)}
      initial={loaderData.values}
      constraints={loaderData.constraints}
      answer={actionData}
    />
  );
}

function WageCheckForm({
  initial,
  constraints,
  answer,
}: {
  initial: FormValues<WageCheckField>;
  constraints: Route.ComponentProps["loaderData"]["constraints"];
  answer: Route.ComponentProps["actionData"];
}) {
  const { query, outcome, recompute, field, box } = useCalculatorForm(
    wageCheckCalculator,
    FIELD_NAMES,
    initial,
  );
  const amount = (name: WageCheckField, label: string, hint?: string) => (
    <TextField {...field(name, label, hint)} {...money} />
  );
  return (
    <CalculatorShell entry={ENTRY} assumptions={ASSUMPTIONS}>
      <div className="grid gap-10 lg:grid-cols-12">
        <FieldLookProvider value="site">
          <Form
            method="get"
            action={calculatorPath(WAGE_CHECK_SLUG)}
            onInput={recompute}
            onChange={recompute}
            className="space-y-6 lg:col-span-5"
            aria-label="Your pay structure"
            data-print="hide"
            noValidate
          >
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
            <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
              Check my structure
            </button>
          </Form>
        </FieldLookProvider>
        <div className="space-y-8 lg:col-span-7">
          {outcome?.ok ? (
            <BreakdownView breakdown={outcome.breakdown} />
          ) : (
            <p
              className="rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950"
              role="status"
            >
              {outcome && !outcome.ok
                ? outcome.error
                : "Correct the fields marked in the form to see your wages."}
            </p>
          )}
          {outcome?.ok ? (
            <>
              <BreakdownActions slug={WAGE_CHECK_SLUG} query={query} />
              <EmailBreakdownForm
                slug={WAGE_CHECK_SLUG}
                query={query}
                constraints={constraints}
                answer={answer}
              />
            </>
          ) : null}
        </div>
      </div>
    </CalculatorShell>
  );
}
