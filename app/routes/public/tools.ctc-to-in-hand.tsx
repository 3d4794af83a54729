import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import { CheckboxField, FieldLookProvider, SelectField, TextField } from "~/components/form/fields";
import { primaryButton } from "~/components/site/ui";
import { constraintsOf } from "~/lib/form-constraints";
import { publicMeta, siteFromMatches } from "~/lib/seo";
import { calculatorEntry, calculatorPath, TOOLS_PATH } from "~/modules/calculators/catalogue";
import {
  CTC_EXAMPLE,
  CTC_FIELDS,
  CTC_SLUG,
  type CtcField,
  ctcCalculator,
  readCtcInputs,
} from "~/modules/calculators/ctc-to-in-hand/ctc-calculator";
import {
  PROFESSIONAL_TAX,
  STATE_CODES,
} from "~/modules/calculators/ctc-to-in-hand/professional-tax";
import { SALARY_TAX_YEARS } from "~/modules/calculators/ctc-to-in-hand/tax-rules";
import { breakdownRequestSchema } from "~/modules/calculators/shared/breakdown-request-form";
import { calculatorJsonLd } from "~/modules/calculators/shared/calculator-json-ld";
import type { RouteHandle } from "~/root";
import { calculatorEmailAction } from "~/web/calculator-action.server";
import type { Route } from "./+types/tools.ctc-to-in-hand";
import {
  BreakdownActions,
  BreakdownView,
  CalculatorShell,
  EmailBreakdownForm,
} from "./tools-shared";

/** Interactive (live results): the page hydrates (decision 0067). */
export const handle: RouteHandle = { hydrate: true };

/*
 * /tools/ctc-to-in-hand: the CTC calculator (modules/calculators/ctc-to-in-hand). Its inputs
 * are a GET form: without JavaScript the server computes from the query; with it the same pure
 * functions recompute as the visitor types and the address follows, so a result can be shared.
 * Without a query the page shows an example and is stored by the page cache (the e-mail form's
 * token is the cache's per-visitor slot); with one it is rendered per request
 * (docs/decisions/0052-calculators.md).
 */

const ENTRY = calculatorEntry(CTC_SLUG) ?? {
  slug: CTC_SLUG,
  name: ctcCalculator.name,
  summary: "",
  service: { label: "Services", path: "/services" },
};
const FIELD_NAMES = Object.values(CTC_FIELDS) as CtcField[];
const CHECKBOXES = new Set<CtcField>([CTC_FIELDS.metro, CTC_FIELDS.parentsSenior]);

type Values = Record<CtcField, string>;

/** The form's values from a query (the example when the query names none of them). */
function valuesOf(query: URLSearchParams): Values {
  if (!FIELD_NAMES.some((name) => query.has(name))) return { ...CTC_EXAMPLE };
  const values = {} as Values;
  for (const name of FIELD_NAMES) values[name] = (query.get(name) ?? "").slice(0, 40);
  return values;
}

/** The query of a set of values (empty fields and unticked boxes left out). */
function queryOf(values: Values): string {
  const query = new URLSearchParams();
  for (const name of FIELD_NAMES)
    if (values[name].trim() !== "") query.set(name, values[name].trim());
  return query.toString();
}

export function loader({ request }: Route.LoaderArgs) {
  return {
    values: valuesOf(new URL(request.url).searchParams),
    constraints: constraintsOf(breakdownRequestSchema),
  };
}

export const action = (args: Route.ActionArgs) => calculatorEmailAction(args, ctcCalculator);

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return publicMeta(matches, {
    title: "CTC to in-hand salary calculator (FY 2025-26)",
    description: ENTRY.summary,
    path: calculatorPath(CTC_SLUG),
    breadcrumbs: [
      { name: "Tools", path: TOOLS_PATH },
      { name: ENTRY.name, path: calculatorPath(CTC_SLUG) },
    ],
    jsonLd: site ? [calculatorJsonLd(site, ENTRY)] : [],
  });
};

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
    // A new query (a GET submit, back or forward) starts the form again from its values.
    <CtcCalculatorPage
      key={JSON.stringify(loaderData.values)}
      initial={loaderData.values}
      constraints={loaderData.constraints}
      answer={actionData}
    />
  );
}

function CtcCalculatorPage({
  initial,
  constraints,
  answer,
}: {
  initial: Values;
  constraints: Route.ComponentProps["loaderData"]["constraints"];
  answer: Route.ComponentProps["actionData"];
}) {
  const [values, setValues] = useState(initial);
  const query = queryOf(values);
  const read = readCtcInputs(new URLSearchParams(query));
  const outcome = read.ok ? ctcCalculator.breakdown(read.input) : undefined;
  const errors = read.ok ? {} : read.errors;
  const problem = outcome && !outcome.ok ? outcome.error : undefined;

  function recompute(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const next = {} as Values;
    for (const name of FIELD_NAMES) {
      const value = form.get(name);
      next[name] = typeof value === "string" ? value : "";
    }
    setValues(next);
    const search = queryOf(next);
    // The address follows the inputs, so a result can be bookmarked or shared as it is.
    window.history.replaceState(window.history.state, "", `${calculatorPath(CTC_SLUG)}?${search}`);
  }

  const field = (name: CtcField, label: string, hint?: string) => ({
    name,
    label,
    hint,
    error: errors[name],
    defaultValue: initial[name],
  });
  const box = (name: CtcField, label: string) => ({
    name,
    label,
    value: "1",
    defaultChecked: CHECKBOXES.has(name) && initial[name] !== "",
  });

  return (
    <CalculatorShell entry={ENTRY} assumptions={ASSUMPTIONS}>
      <div className="grid gap-10 lg:grid-cols-12">
        <FieldLookProvider value="site">
          <Form
            method="get"
            action={calculatorPath(CTC_SLUG)}
            onInput={recompute}
            onChange={recompute}
            className="space-y-6 lg:col-span-5"
            aria-label="Your salary"
            data-print="hide"
            noValidate
          >
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
                <TextField
                  {...field(CTC_FIELDS.basicPercent, "Basic (% of CTC)")}
                  {...numberField}
                />
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
            <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
              Calculate
            </button>
          </Form>
        </FieldLookProvider>
        <div className="space-y-8 lg:col-span-7">
          <div>
            {outcome?.ok ? (
              <BreakdownView breakdown={outcome.breakdown} />
            ) : (
              <p
                className="rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950"
                role="status"
              >
                {problem ?? "Correct the fields marked in the form to see your take-home."}
              </p>
            )}
          </div>
          {outcome?.ok ? (
            <>
              <BreakdownActions slug={CTC_SLUG} query={query} />
              <EmailBreakdownForm
                slug={CTC_SLUG}
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
