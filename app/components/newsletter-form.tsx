import { useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { newsletterAnswerClass, postNewsletter } from "~/components/newsletter-post";
import type { FieldConstraint } from "~/lib/form-constraints";
import {
  FORM_PARAM,
  isNewsletterStatus,
  isSuccess,
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_FIELDS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATH,
  type NewsletterResult,
  RESULT_PARAM,
  safeReturnPath,
} from "~/modules/newsletter/newsletter-form";

export interface NewsletterFormProps {
  /** Which form this is, stored with the sign-up, e.g. "footer" or "resources". */
  source: string;
  buttonLabel: string;
  placeholder?: string;
  /** The form's element id, unique on the page (also where a post without JavaScript returns). */
  id: string;
  /** For the /newsletter page showing a failed post again: what was typed, and the answer. */
  defaultEmail?: string;
  initialResult?: NewsletterResult;
  /** The page to come back to; default: the current page. */
  returnTo?: string;
  /**
   * The e-mail field's required mark and limit, from the newsletter schema, computed by the
   * page's loader (`newsletterEmailConstraint`): this form is on every public page, which must
   * not load the schema library.
   */
  emailConstraint: FieldConstraint;
}

/**
 * A newsletter sign-up. Without JavaScript it posts to /newsletter, which sends the visitor back
 * to this page with the result in the URL, shown here. With JavaScript it posts in place and
 * shows the result in a live region. Kept light: it is on every public page.
 */
export function NewsletterForm({
  source,
  buttonLabel,
  placeholder = "Enter your email",
  id,
  defaultEmail,
  initialResult,
  returnTo: returnToOverride,
  emailConstraint,
}: NewsletterFormProps) {
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<NewsletterResult | undefined>(() => {
    if (initialResult) return initialResult;
    const params = new URLSearchParams(location.search);
    const status = params.get(RESULT_PARAM);
    return params.get(FORM_PARAM) === id && isNewsletterStatus(status)
      ? { status, message: NEWSLETTER_MESSAGES[status] }
      : undefined;
  });
  const returnTo = safeReturnPath(returnToOverride ?? `${location.pathname}${location.search}`);
  const failed = result !== undefined && !isSuccess(result.status);
  const messageId = `${id}-message`;

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setSubmitting(true);
    const answer = await postNewsletter(form);
    setSubmitting(false);
    setResult(answer);
    if (isSuccess(answer.status)) form.reset();
    else inputRef.current?.focus();
  }

  return (
    <form
      id={id}
      method="post"
      action={NEWSLETTER_PATH}
      onSubmit={handleSubmit}
      // Not named: it sits in a section of the page that names it, and two named forms
      // (footer and resources) would be two landmarks with one name.
      className="w-full scroll-mt-24"
    >
      <input type="hidden" name={NEWSLETTER_FIELDS.source} value={source} />
      <input type="hidden" name={NEWSLETTER_FIELDS.returnTo} value={returnTo} />
      <input type="hidden" name={NEWSLETTER_FIELDS.formId} value={id} />
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input
          id={`${id}-website`}
          type="text"
          name={NEWSLETTER_FIELDS.honeypot}
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          ref={inputRef}
          id={`${id}-email`}
          type="email"
          name={NEWSLETTER_FIELDS.email}
          {...emailConstraint}
          autoComplete="email"
          placeholder={placeholder}
          defaultValue={defaultEmail}
          aria-invalid={failed ? true : undefined}
          aria-describedby={messageId}
          className="min-h-12 min-w-0 flex-1 rounded-control border border-stone-400 bg-card px-3 py-2 text-navy-950 placeholder:text-stone-600 focus:outline-2 focus:outline-offset-1 focus:outline-marigold-400"
        />
        <button
          type="submit"
          disabled={submitting}
          className="min-h-12 rounded-control bg-marigold-400 px-5 py-2 font-semibold text-navy-950 hover:bg-marigold-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marigold-400 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {submitting ? "Subscribing..." : buttonLabel}
        </button>
      </div>
      {/* The short notice (DPDP Act s.5, decision 0061): the ledger keeps these words as shown.
          No colour of its own: it reads on the footer's navy and on a light section alike. */}
      <p className="mt-2 text-sm" data-privacy-notice="newsletter">
        {NEWSLETTER_CONSENT_TEXT}{" "}
        <Link to="/privacy" className="font-medium underline">
          Privacy notice
        </Link>
      </p>
      {/* Always in the page (never display: none), so that screen readers announce what
          appears in it. */}
      <p id={messageId} role="status">
        {result ? (
          <span data-tone={failed ? "error" : "success"} className={newsletterAnswerClass(failed)}>
            {result.message}
          </span>
        ) : null}
      </p>
    </form>
  );
}
