import { type ReactNode, useEffect } from "react";
import { Link, type MetaFunction } from "react-router";
import { breakdownHtml, problemHtml } from "~/components/calculators/breakdown-html";
import { startCalculatorIsland } from "~/components/calculators/calculator-island";
import { FieldLookProvider } from "~/components/form/fields";
import { ArrowRightIcon, CalendarIcon, DownloadIcon } from "~/components/site/icons";
import { container, PageHero, primaryButton, secondaryButton } from "~/components/site/ui";
import type { Constraints } from "~/lib/form-constraints";
import { publicMeta, siteFromMatches } from "~/lib/seo";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import {
  type CalculatorEntry,
  calculatorEntry,
  calculatorPath,
  TOOLS_PATH,
} from "~/modules/calculators/catalogue";
import type {
  BreakdownRequestField,
  BreakdownRequestResult,
} from "~/modules/calculators/shared/breakdown-request-fields";
import { calculatorJsonLd } from "~/modules/calculators/shared/calculator-json-ld";
import type { Calculator } from "~/modules/calculators/shared/calculator-model";
import { type FormValues, queryFromValues } from "~/modules/calculators/shared/calculator-query";
import { EmailBreakdownForm } from "./tools-email-form";

/*
 * What every calculator page shares (docs/decisions/0052-calculators.md, 0071): the page's frame
 * (hero, the assumptions in plain words, the firm's service and booking), its GET form, the
 * breakdown, its printable view and PDF, the "E-mail me this breakdown" form, and the page's own
 * script. A calculator page (tools.gratuity.tsx, say) gives its fields, words and script; its
 * loader and action are one line each (web/calculator-action.server.ts).
 *
 * The page does not hydrate: the server renders it whole from the address, and the script
 * (components/calculators/islands/<slug>.ts, a few kilobytes without React) recomputes as one
 * types. A hydrated page that navigates here in place renders it with React; an effect then
 * starts the same script code, since a script element React draws in the browser never runs.
 */

/** Print only the breakdown: no header, footer, forms or links around it. */
const PRINT_STYLE = `@media print {
  header, footer, [data-print="hide"], .whatsapp-float { display: none !important; }
  body { background: #fff !important; }
  [data-print="page"] { padding: 0 !important; }
  [data-breakdown] table { page-break-inside: auto; }
  [data-breakdown] tr { page-break-inside: avoid; }
}`;

export function CalculatorShell({
  entry,
  assumptions,
  children,
}: {
  entry: CalculatorEntry;
  /** The assumptions in plain words, one sentence each. */
  assumptions: readonly string[];
  children: ReactNode;
}) {
  return (
    <>
      <style href="calculator-print" precedence="default">
        {PRINT_STYLE}
      </style>
      <div data-print="hide">
        <PageHero eyebrow="Free tools" title={entry.name} subtitle={entry.summary} />
      </div>
      <div className={`${container} py-10 sm:py-14`} data-print="page">
        {children}
        <section
          aria-labelledby="assumptions-heading"
          className="mt-12 max-w-3xl"
          data-print="hide"
        >
          <h2 id="assumptions-heading" className="text-2xl font-semibold text-navy-950">
            What this calculator assumes
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-stone-700">
            {assumptions.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="talk-heading"
          className="mt-12 rounded-card bg-navy-950 p-6 text-paper sm:p-8"
          data-print="hide"
        >
          <h2 id="talk-heading" className="text-2xl font-semibold">
            Numbers are the start of the conversation
          </h2>
          <p className="mt-3 max-w-2xl text-navy-100">
            Our consultants design pay structures that are fair, compliant and affordable. See our
            work on{" "}
            <Link to={entry.service.path} className="font-semibold text-paper underline">
              {entry.service.label}
            </Link>
            , or book a free 30-minute consultation.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={BOOK_PATH} className={`${secondaryButton}`}>
              <CalendarIcon className="h-5 w-5" />
              Book a consultation
            </Link>
            <Link
              to={TOOLS_PATH}
              className="inline-flex items-center gap-2 px-2 py-3 font-semibold text-paper underline"
            >
              All free tools
              <ArrowRightIcon className="h-5 w-5" />
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}

/** The calculator's catalogue entry (title, summary, service); every calculator has one. */
export function entryOf(slug: string): CalculatorEntry {
  const entry = calculatorEntry(slug);
  if (!entry) throw new Error(`No catalogue entry for the calculator ${slug}`);
  return entry;
}

/** A calculator page's title, description, canonical address, breadcrumbs and WebApplication. */
export function calculatorMeta(slug: string, title: string): MetaFunction {
  const entry = entryOf(slug);
  return ({ matches }) => {
    const site = siteFromMatches(matches);
    return publicMeta(matches, {
      title,
      description: entry.summary,
      path: calculatorPath(slug),
      breadcrumbs: [
        { name: "Tools", path: TOOLS_PATH },
        { name: entry.name, path: calculatorPath(slug) },
      ],
      jsonLd: site ? [calculatorJsonLd(site, entry)] : [],
    });
  };
}

/** Props of a text or select field: name, label, hint, the server's message and the value. */
export interface FieldKit<Field extends string> {
  field: (
    name: Field,
    label: string,
    hint?: string,
  ) => { name: Field; label: string; hint?: string; error?: string; defaultValue: string };
  box: (
    name: Field,
    label: string,
  ) => { name: Field; label: string; value: string; error?: string; defaultChecked: boolean };
}

export function CalculatorPage<Field extends string, Input>({
  calculator,
  fields,
  values,
  constraints,
  answer,
  assumptions,
  script,
  formLabel,
  submitLabel,
  problem,
  children,
}: {
  calculator: Calculator<Input>;
  fields: readonly Field[];
  /** The form's values, from the address (the loader's). */
  values: FormValues<Field>;
  constraints: Constraints<BreakdownRequestField>;
  /** The e-mail form's answer, after its post. */
  answer?: BreakdownRequestResult;
  /** The assumptions in plain words, one sentence each. */
  assumptions: readonly string[];
  /** The page's own script: `~/components/calculators/islands/<slug>.ts?worker&url`. */
  script: string;
  /** The inputs form's accessible name ("Your salary"). */
  formLabel: string;
  submitLabel: string;
  /** What the result says while a field needs correcting. */
  problem: string;
  /** The form's fieldsets. */
  children: (kit: FieldKit<Field>) => ReactNode;
}) {
  const slug = calculator.slug;
  const query = queryFromValues(values, fields);
  const read = calculator.readInputs(new URLSearchParams(query));
  const outcome = read.ok ? calculator.breakdown(read.input) : undefined;
  const errors: Record<string, string> = read.ok ? {} : read.errors;
  const ok = outcome?.ok === true;
  // Only in the browser, on a page React navigated to in place (see above).
  useEffect(() => startCalculatorIsland(calculator), [calculator]);

  const kit: FieldKit<Field> = {
    field: (name, label, hint) => ({
      name,
      label,
      hint,
      error: errors[name],
      defaultValue: values[name],
    }),
    box: (name, label) => ({
      name,
      label,
      value: "yes",
      error: errors[name],
      defaultChecked: values[name] !== "",
    }),
  };
  return (
    <CalculatorShell entry={entryOf(slug)} assumptions={assumptions}>
      <div className="grid gap-10 lg:grid-cols-12">
        <FieldLookProvider value="site">
          <form
            method="get"
            action={calculatorPath(slug)}
            className="space-y-6 lg:col-span-5"
            aria-label={formLabel}
            data-print="hide"
            data-calculator={slug}
            noValidate
          >
            {children(kit)}
            <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
              {submitLabel}
            </button>
          </form>
        </FieldLookProvider>
        <div className="space-y-8 lg:col-span-7">
          <div
            data-calculator-result=""
            data-problem={problem}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: breakdown-html.ts escapes every text; the script draws the same markup
            dangerouslySetInnerHTML={{
              __html: outcome?.ok
                ? breakdownHtml(outcome.breakdown)
                : problemHtml(outcome?.error ?? problem),
            }}
          />
          <BreakdownActions slug={slug} query={query} hidden={!ok} />
          <EmailBreakdownForm
            slug={slug}
            query={query}
            constraints={constraints}
            answer={answer}
            hidden={!ok}
          />
        </div>
      </div>
      {/* After the page, before the site's script (module scripts run in document order). */}
      <script type="module" src={script} />
    </CalculatorShell>
  );
}

/** The PDF of the inputs, and Print, which the page's script shows (it needs a script). */
function BreakdownActions({
  slug,
  query,
  hidden,
}: {
  slug: string;
  query: string;
  hidden: boolean;
}) {
  return (
    <div
      className="flex flex-wrap gap-3"
      data-print="hide"
      data-calculator-when-ok=""
      hidden={hidden}
    >
      <a
        href={`${calculatorPath(slug)}/breakdown.pdf${query ? `?${query}` : ""}`}
        className={secondaryButton}
        download
        data-calculator-pdf=""
      >
        <DownloadIcon className="h-5 w-5" />
        Download the PDF
      </a>
      <button type="button" className={secondaryButton} data-calculator-print="" hidden>
        Print
      </button>
    </div>
  );
}
