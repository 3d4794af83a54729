import { telHref } from "~/lib/phone-link";
import { OfflineIllustration } from "./illustrations/states";
import { primaryButton, secondaryButton } from "./ui";

/**
 * "You are offline": what a visitor sees for a public page that is neither reachable nor saved on
 * the device. The service worker shows it as the offline page (app/routes/offline.tsx); the
 * public layout shows it when a client-side navigation fails for want of a connection without
 * the worker's help (not installed yet, or not supported).
 */
export function OfflineView({
  siteName,
  email,
  phone,
}: {
  /** Shown above the heading on the offline page, which has no site header. */
  siteName?: string;
  email: string;
  phone: string;
}) {
  return (
    <div className="mx-auto max-w-xl px-6 py-16 text-center sm:py-24">
      {siteName && (
        <p className="mb-6 text-sm font-semibold uppercase tracking-[0.14em] text-navy-800">
          {siteName}
        </p>
      )}
      <OfflineIllustration className="mx-auto h-auto w-40" />
      <h1 className="mt-6 font-display text-display-sm font-semibold text-navy-950">
        You are offline
      </h1>
      <p className="mt-4 text-stone-700">
        This page has not been saved on your device yet. Pages you have already visited still open
        without a connection; everything else is back as soon as you are online again.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <a className={primaryButton} href="/">
          Go to the home page
        </a>
        {/* A form without an action loads the current URL again: the page that failed. */}
        <form method="get">
          <button type="submit" className={secondaryButton}>
            Try again
          </button>
        </form>
      </div>
      <p className="mt-8 text-sm text-stone-600">
        To reach us meanwhile:{" "}
        <a className="underline" href={`mailto:${email}`}>
          {email}
        </a>{" "}
        or{" "}
        <a className="underline" href={telHref(phone)}>
          {phone}
        </a>
      </p>
    </div>
  );
}

/**
 * True for a client-side navigation whose request never reached the server because the device
 * is offline (the browser's fetch failed). Server errors, and anything rendered on the server,
 * are never this.
 */
export function isOfflineFailure(error: unknown): boolean {
  return (
    error instanceof TypeError && typeof navigator !== "undefined" && navigator.onLine === false
  );
}
