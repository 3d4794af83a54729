import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { uploadProgressWords } from "~/modules/applications/application-fields";

/* What the posting page shows around the application form: progress, thanks, a closed role. */

/** The upload's progress while the application is sent with JavaScript. */
export function UploadProgress({ share }: { share: number }) {
  const id = useId();
  const percent = Math.min(100, Math.max(0, Math.round(share * 100)));
  return (
    <div className="rounded-lg bg-navy-50 px-4 py-3">
      <label htmlFor={id} className="block text-sm font-medium text-navy-950">
        {uploadProgressWords(percent)}
      </label>
      <progress id={id} max={100} value={percent} className="mt-2 h-2 w-full accent-blue-700">
        {percent}%
      </progress>
    </div>
  );
}

/** The thank-you after an application arrived; focused when it appears in place. */
export function ApplicationThanks({ careerTitle }: { careerTitle: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-application-thanks=""
      className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-900 focus:outline-none"
    >
      <h3 className="text-xl font-semibold">Thank You for Applying!</h3>
      <p className="mt-2">
        We have received your application for the {careerTitle} position, with your CV. Our team
        reads every application; if your experience fits the role, we will contact you to arrange a
        first conversation. A confirmation is on its way to your inbox.
      </p>
    </div>
  );
}

/**
 * A closed posting: the page stays for those who follow an old link, without a form.
 * `closingDateText`: the closing day that closed it ("23 Nov 2026"), when that is what did.
 */
export function ClosedPostingNotice({ closingDateText = "" }: { closingDateText?: string }) {
  return (
    <div
      id="apply"
      className="mt-12 rounded-card border border-amber-300 bg-amber-50 p-8 text-center"
    >
      <h2 className="text-2xl font-semibold text-navy-950">This position is closed</h2>
      <p className="mt-3 text-stone-700">
        {closingDateText
          ? `Applications for this position closed on ${closingDateText}.`
          : "This position is no longer accepting applications."}{" "}
        Have a look at the roles we are hiring for now.
      </p>
      <Link
        to="/careers#positions"
        className="mt-6 inline-flex items-center justify-center rounded-lg bg-navy-900 px-6 py-3 font-semibold text-paper hover:bg-navy-700"
      >
        See Open Positions
      </Link>
    </div>
  );
}
