import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { FieldLookProvider, TextField } from "~/components/form/fields";
import { focusFirstError } from "~/components/form/focus-first-error";
import { FormAlert } from "~/components/form/form-alert";
import { fieldsFor } from "~/components/form/form-fields";
import { SpamDefenceFields } from "~/components/form/spam-defence-fields";
import { ArrowRightIcon, CalendarIcon, DownloadIcon, MailIcon } from "~/components/site/icons";
import { PrivacyShortNotice } from "~/components/site/privacy-short-notice";
import { container, PageHero, primaryButton, secondaryButton } from "~/components/site/ui";
import type { Constraints } from "~/lib/form-constraints";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import { type CalculatorEntry, calculatorPath, TOOLS_PATH } from "~/modules/calculators/catalogue";
import {
  BREAKDOWN_CONSENT_WORDS,
  BREAKDOWN_QUERY_FIELD,
  type BreakdownRequestField,
  type BreakdownRequestResult,
} from "~/modules/calculators/shared/breakdown-request-fields";
import type { Breakdown } from "~/modules/calculators/shared/calculator-model";
import { formatPaise } from "~/modules/calculators/shared/money";
import { useRenderedFormToken } from "~/web/form-token";

/*
 * What every calculator page shares (docs/decisions/0052-calculators.md): the page's frame
 * (hero, the assumptions in plain words, the firm's service and booking), the breakdown as a
 * table, its printable view and PDF, and the "E-mail me this breakdown" form. A calculator page
 * (tools.ctc-to-in-hand.tsx is the worked example) adds its own inputs form.
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

const cell = (value: number | string) => (typeof value === "number" ? formatPaise(value) : value);

/** The breakdown: headline (announced when it changes), main figures, tables and sources. */
export function BreakdownView({ breakdown }: { breakdown: Breakdown }) {
  return (
    <div data-breakdown="" className="space-y-8">
      <div>
        <h2 className="text-2xl font-semibold text-navy-950">{breakdown.title}</h2>
        <p className="mt-2 text-lg text-stone-800" data-headline="" aria-live="polite">
          {breakdown.headline}
        </p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        {breakdown.highlights.map((figure) => (
          <div key={figure.label} className="rounded-card border border-stone-200 bg-card p-4">
            <dt className="text-sm text-stone-600">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-navy-950">
              {formatPaise(figure.amount)}
            </dd>
          </div>
        ))}
      </dl>
      {breakdown.sections.map((section) => (
        <div key={section.heading} className="overflow-x-auto">
          <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
            <caption className="pb-2 text-left text-lg font-semibold text-navy-950">
              {section.heading}
            </caption>
            {section.columns ? (
              <thead>
                <tr className="border-b border-stone-300">
                  <td />
                  {section.columns.map((column) => (
                    <th key={column} scope="col" className="px-2 py-2 text-right font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>
              {(section.grid ?? []).map((row) => (
                <tr key={row.label} className="border-b border-stone-200">
                  <th
                    scope="row"
                    className={`py-2 pr-2 ${row.strong ? "font-semibold text-navy-950" : "font-normal text-stone-700"}`}
                  >
                    {row.label}
                  </th>
                  {row.values.map((value, index) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
                      key={index}
                      className={`px-2 py-2 text-right tabular-nums ${row.strong ? "font-semibold" : ""}`}
                    >
                      {cell(value)}
                    </td>
                  ))}
                </tr>
              ))}
              {(section.rows ?? []).map((row) => (
                <tr key={row.label} className="border-b border-stone-200">
                  <th
                    scope="row"
                    className={`py-2 pr-2 ${row.strong ? "font-semibold text-navy-950" : "font-normal text-stone-700"}`}
                  >
                    {row.label}
                  </th>
                  <td
                    className={`px-2 py-2 text-right tabular-nums ${row.strong ? "font-semibold" : ""}`}
                  >
                    {row.amount !== undefined ? formatPaise(row.amount) : row.text}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <details className="rounded-card border border-stone-200 bg-card p-4">
        <summary className="cursor-pointer font-semibold text-navy-950">
          Sources of the rules
        </summary>
        <dl className="mt-3 space-y-2 text-sm">
          {breakdown.sources.map((source) => (
            <div key={source.rule}>
              <dt className="font-semibold text-stone-800">{source.rule}</dt>
              <dd className="text-stone-700">{source.source}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

/** Print (with JavaScript only: a button that could do nothing is not shown) and the PDF. */
export function BreakdownActions({ slug, query }: { slug: string; query: string }) {
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(typeof window.print === "function"), []);
  return (
    <div className="flex flex-wrap gap-3" data-print="hide">
      <a
        href={`${calculatorPath(slug)}/breakdown.pdf${query ? `?${query}` : ""}`}
        className={secondaryButton}
        download
      >
        <DownloadIcon className="h-5 w-5" />
        Download the PDF
      </a>
      {canPrint ? (
        <button type="button" className={secondaryButton} onClick={() => window.print()}>
          Print
        </button>
      ) : null}
    </div>
  );
}

/** "E-mail me this breakdown": posts in place with JavaScript, as a page without. */
export function EmailBreakdownForm({
  slug,
  query,
  constraints,
  answer: postedAnswer,
}: {
  slug: string;
  /** The calculator's inputs as a query string (sent with the form). */
  query: string;
  constraints: Constraints<BreakdownRequestField>;
  /** The answer of a post without JavaScript. */
  answer?: BreakdownRequestResult;
}) {
  const fetcher = useFetcher<BreakdownRequestResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const renderedToken = useRenderedFormToken();
  const answer = fetcher.data ?? postedAnswer;
  const failure = answer && answer.status !== "success" ? answer : undefined;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.status === "success") heading.current?.focus();
    else focusFirstError(formRef.current, fetcher.data.fieldErrors);
  }, [fetcher.data]);

  const field = fieldsFor(constraints, { values: failure?.values, errors: failure?.fieldErrors });
  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby="email-breakdown-heading"
      className="rounded-card border border-stone-200 bg-stone-50 p-6"
      data-print="hide"
    >
      {answer?.status === "success" ? (
        <div data-breakdown-sent="">
          <h2
            id="email-breakdown-heading"
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold text-navy-950 outline-none"
          >
            Breakdown sent
          </h2>
          <p className="mt-2 text-stone-700">
            {answer.emailedTo
              ? `We have e-mailed the breakdown with its PDF to ${answer.emailedTo}.`
              : "Thank you: your request is with us."}
          </p>
        </div>
      ) : (
        <>
          <h2 id="email-breakdown-heading" className="text-xl font-semibold text-navy-950">
            E-mail me this breakdown
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <FieldLookProvider value="site">
            <fetcher.Form
              ref={formRef}
              method="post"
              action={`${calculatorPath(slug)}${query ? `?${query}` : ""}`}
              aria-labelledby="email-breakdown-heading"
              noValidate
              className="mt-4 space-y-4"
              key={JSON.stringify(failure?.values ?? null)}
            >
              <FormAlert message={failure?.formError} />
              <input type="hidden" name={BREAKDOWN_QUERY_FIELD} value={query} />
              <SpamDefenceFields token={failure?.formToken ?? renderedToken} />
              <TextField label="Name" autoComplete="name" {...field("name")} />
              <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
              <TextField label="Company" autoComplete="organization" {...field("company")} />
              {failure?.status === "confirm" ? (
                <EnquiryPersonCheck error={failure.fieldErrors.confirmPerson} />
              ) : null}
              <p className="text-sm text-stone-600">
                {BREAKDOWN_CONSENT_WORDS.replace(" Privacy Policy explains.", "")}{" "}
                <Link to="/privacy" className="text-navy-700 underline">
                  Privacy Policy
                </Link>{" "}
                explains.
              </p>
              <PrivacyShortNotice form="calculator" />
              <button type="submit" disabled={busy} className={`${primaryButton} w-full sm:w-auto`}>
                <MailIcon className="h-5 w-5" />
                {busy ? "Sending..." : "E-mail me this breakdown"}
              </button>
            </fetcher.Form>
          </FieldLookProvider>
        </>
      )}
    </section>
  );
}
