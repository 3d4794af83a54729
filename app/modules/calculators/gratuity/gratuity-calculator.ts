import {
  type Breakdown,
  type Calculator,
  type InputsRead,
  queryText,
  readAmount,
  readChoice,
} from "../shared/calculator-model";
import { formatPaise, rupees } from "../shared/money";
import {
  calculateGratuity,
  type EmployerKind,
  type ExemptLimb,
  type GratuityInput,
  type GratuityResult,
  type LawOutcome,
} from "./gratuity";
import {
  EARLIEST_LEAVING_DATE,
  type Employment,
  GRATUITY_RULES,
  inForceOn,
  type LeavingReason,
} from "./gratuity-rules";
import { parseIsoDate, type ServicePeriod } from "./service-period";

/*
 * The gratuity calculator's inputs as a URL query (a GET form), read without zod so the page's
 * script runs it too, and its result as the framework's Breakdown.
 */

export const GRATUITY_SLUG = "gratuity";

export const GRATUITY_FIELDS = {
  joinedOn: "joined",
  leftOn: "left",
  employment: "employment",
  reason: "reason",
  codeWages: "wages",
  basicAndDa: "basic_da",
  employer: "employer",
  averageSalary: "average",
  amountReceived: "received",
  earlierExemption: "earlier",
} as const;

export type GratuityField = (typeof GRATUITY_FIELDS)[keyof typeof GRATUITY_FIELDS];

export const GRATUITY_EXAMPLE: Record<GratuityField, string> = {
  joined: "2018-04-01",
  left: "2026-10-31",
  employment: "permanent",
  reason: "resignation",
  wages: "60000",
  basic_da: "40000",
  employer: "covered",
  average: "",
  received: "",
  earlier: "0",
};

export const EMPLOYMENT_LABELS: Record<Employment, string> = {
  permanent: "Permanent (no fixed term)",
  "fixed-term": "Fixed term contract",
};

export const REASON_LABELS: Record<LeavingReason, string> = {
  resignation: "Resignation",
  retirement: "Retirement or superannuation",
  termination: "Termination by the employer",
  "fixed-term-end": "End of the fixed term",
  death: "Death",
  disablement: "Disablement by accident or disease",
};

export const EMPLOYER_LABELS: Record<EmployerKind, string> = {
  covered: "Private, covered by the gratuity law (10 or more employees)",
  "not-covered": "Private, not covered by the gratuity law",
  government: "Central or State Government, or a local authority",
};

const LAKH_100 = 1_00_00_000;

function readDate(
  query: URLSearchParams,
  name: string,
  label: string,
  errors: Record<string, string>,
): string {
  const raw = queryText(query, name);
  if (raw === "") errors[name] = `${label} is required`;
  else if (!parseIsoDate(raw)) errors[name] = `${label} must be a date, such as 2020-04-01`;
  return raw;
}

export function readGratuityInputs(query: URLSearchParams): InputsRead<GratuityInput> {
  const F = GRATUITY_FIELDS;
  const errors: Record<string, string> = {};
  const amount = (name: string, label: string, fallback?: number) => {
    const value = readAmount(query, name, label, { max: LAKH_100 * 10, fallback });
    if (typeof value === "string") {
      errors[name] = value;
      return 0;
    }
    return value;
  };
  const choice = <T extends string>(
    name: string,
    label: string,
    choices: readonly T[],
    fallback: T,
  ) => {
    const value = readChoice(query, name, label, choices, fallback);
    if (typeof value === "object") {
      errors[name] = value.error;
      return fallback;
    }
    return value;
  };
  const joinedOn = readDate(query, F.joinedOn, "Date of joining", errors);
  const leftOn = readDate(query, F.leftOn, "Date of leaving", errors);
  if (!errors[F.leftOn] && leftOn < EARLIEST_LEAVING_DATE)
    errors[F.leftOn] = "Date of leaving must be on or after 24 May 2010";
  if (!errors[F.leftOn] && leftOn > "2100-12-31")
    errors[F.leftOn] = "Date of leaving must be before 2101";
  if (!errors[F.joinedOn] && !errors[F.leftOn] && leftOn < joinedOn)
    errors[F.leftOn] = "Date of leaving must be on or after the date of joining";
  const codeWages = amount(F.codeWages, "Monthly wages");
  if (!errors[F.codeWages] && codeWages <= 0)
    errors[F.codeWages] = "Monthly wages must be more than 0";
  const basicAndDaText = queryText(query, F.basicAndDa);
  const basicAndDa = basicAndDaText === "" ? codeWages : amount(F.basicAndDa, "Basic pay and DA");
  const averageText = queryText(query, F.averageSalary);
  const receivedText = queryText(query, F.amountReceived);
  const input: GratuityInput = {
    joinedOn,
    leftOn,
    employment: choice<Employment>(
      F.employment,
      "Employment",
      ["permanent", "fixed-term"],
      "permanent",
    ),
    reason: choice<LeavingReason>(
      F.reason,
      "Reason for leaving",
      Object.keys(REASON_LABELS) as LeavingReason[],
      "resignation",
    ),
    codeWages: rupees(codeWages),
    basicAndDa: rupees(basicAndDa),
    employer: choice<EmployerKind>(
      F.employer,
      "Employer",
      ["covered", "not-covered", "government"],
      "covered",
    ),
    averageSalary:
      averageText === "" ? undefined : rupees(amount(F.averageSalary, "Average salary")),
    amountReceived:
      receivedText === "" ? undefined : rupees(amount(F.amountReceived, "Gratuity received")),
    earlierExemption: rupees(amount(F.earlierExemption, "Exemption claimed before", 0)),
  };
  if (!errors[F.reason] && input.reason === "fixed-term-end" && input.employment !== "fixed-term")
    errors[F.reason] = "The end of a fixed term applies only to a fixed term contract";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input };
}

const serviceWords = (service: ServicePeriod) =>
  `${service.years} years, ${service.months} months and ${service.days} days`;

const LIMB_WORDS: Record<ExemptLimb, string> = {
  government: "government employees' gratuity is fully exempt",
  formula: "the statutory formula is the least of the three limits",
  "half-month": "half a month's average salary for each completed year is the least",
  ceiling: "the ₹20 lakh lifetime limit is the least",
  received: "all of what you receive is within the limits",
};

function lawRows(outcome: LawOutcome) {
  return [
    {
      label: "Eligible",
      text: outcome.eligible ? "Yes" : `No: ${outcome.eligibility}`,
      note: outcome.eligibility,
    },
    { label: "Years counted", text: String(outcome.yearsCounted) },
    { label: "Monthly wages used", amount: outcome.monthlyWages },
    { label: "15/26 × wages × years", amount: outcome.formulaAmount },
    { label: "Gratuity payable", amount: outcome.payable, strong: true },
  ];
}

export function gratuityBreakdown(input: GratuityInput, result: GratuityResult): Breakdown {
  const { applied, otherLaw, tax } = result;
  const ceiling = inForceOn(GRATUITY_RULES.ceilings, input.leftOn);
  const taxLimit = inForceOn(GRATUITY_RULES.taxExemptLimits, input.leftOn);
  return {
    title: "Gratuity",
    headline: applied.eligible
      ? `Gratuity of ${formatPaise(applied.payable)} under the ${applied.law.name}${applied.cappedAtCeiling ? " (the ceiling applies)" : ""}; ${formatPaise(tax.exempt)} of what you receive is tax-free.`
      : `No gratuity is due under the ${applied.law.name}: ${applied.eligibility}`,
    highlights: [
      { label: "Gratuity payable", amount: applied.payable },
      { label: "Tax-free", amount: tax.exempt },
      { label: "Taxable", amount: tax.taxable },
    ],
    sections: [
      {
        heading: `Under the ${applied.law.name}`,
        rows: [{ label: "Service", text: serviceWords(result.service) }, ...lawRows(applied)],
      },
      ...(otherLaw
        ? [
            {
              heading: `For comparison, under the ${otherLaw.law.name}`,
              rows: lawRows(otherLaw),
            },
          ]
        : []),
      {
        heading: "Income tax on the gratuity, s.10(10)",
        rows: [
          { label: "Gratuity received", amount: result.amountReceived },
          ...(input.employer === "government"
            ? []
            : [
                {
                  label:
                    input.employer === "covered"
                      ? "Limit 1: the statutory formula"
                      : "Limit 1: half a month's average salary × completed years",
                  amount: tax.limits.formula,
                },
                {
                  label: "Limit 2: ₹20 lakh less earlier exemptions",
                  amount: tax.limits.ceilingLeft,
                },
                { label: "Limit 3: gratuity received", amount: tax.limits.received },
              ]),
          { label: "Tax-free", amount: tax.exempt, strong: true, note: LIMB_WORDS[tax.boundBy] },
          { label: "Taxable as salary", amount: tax.taxable, strong: true },
        ],
      },
    ],
    inputs: [
      { label: "Date of joining", value: input.joinedOn },
      { label: "Date of leaving", value: input.leftOn },
      { label: "Employment", value: EMPLOYMENT_LABELS[input.employment] },
      { label: "Reason for leaving", value: REASON_LABELS[input.reason] },
      { label: "Monthly wages (Labour Codes)", value: formatPaise(input.codeWages) },
      { label: "Monthly basic pay and DA", value: formatPaise(input.basicAndDa) },
      { label: "Employer", value: EMPLOYER_LABELS[input.employer] },
      ...(input.averageSalary !== undefined
        ? [{ label: "Average salary, last 10 months", value: formatPaise(input.averageSalary) }]
        : []),
      ...(input.amountReceived !== undefined
        ? [{ label: "Gratuity received", value: formatPaise(input.amountReceived) }]
        : []),
      { label: "Exemption claimed before", value: formatPaise(input.earlierExemption ?? 0) },
    ],
    sources: [
      {
        rule: "Which law applies",
        source: `${applied.law.name} for leaving on or after ${applied.law.from ?? "its start"}${applied.law.until ? ` and up to ${applied.law.until}` : ""}`,
      },
      { rule: "Wages for gratuity", source: applied.law.wagesMeaning },
      { rule: "Minimum service", source: applied.law.minimumYears.source },
      { rule: "No minimum on some grounds", source: applied.law.noMinimumFor.source },
      ...(applied.law.fixedTermMinimumYears
        ? [{ rule: "Fixed term employees", source: applied.law.fixedTermMinimumYears.source }]
        : []),
      { rule: "Fifteen days' wages", source: GRATUITY_RULES.daysWagesPerYear.source },
      { rule: "Part of a year", source: GRATUITY_RULES.partYearAboveMonths.source },
      ...(ceiling ? [{ rule: "Ceiling", source: ceiling.source }] : []),
      ...(taxLimit ? [{ rule: "Tax-free limit", source: taxLimit.source }] : []),
      { rule: "Government employees", source: GRATUITY_RULES.governmentFullyExempt.source },
      { rule: "Employers not covered", source: GRATUITY_RULES.notCoveredHalfMonth.source },
    ],
  };
}

export const gratuityCalculator: Calculator<GratuityInput> = {
  slug: GRATUITY_SLUG,
  name: "Gratuity calculator",
  readInputs: readGratuityInputs,
  breakdown: (input) => ({
    ok: true,
    breakdown: gratuityBreakdown(input, calculateGratuity(input)),
  }),
};
