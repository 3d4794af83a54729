import { telHref } from "~/lib/phone-link";

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
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      {siteName && (
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">{siteName}</p>
      )}
      <h1 className="mt-4 text-3xl font-bold text-slate-900">You are offline</h1>
      <p className="mt-4 text-slate-700">
        This page has not been saved on your device yet. Pages you have already visited still open
        without a connection; everything else is back as soon as you are online again.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <a className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white" href="/">
          Go to the home page
        </a>
        {/* A form without an action loads the current URL again: the page that failed. */}
        <form method="get">
          <button
            type="submit"
            className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-900"
          >
            Try again
          </button>
        </form>
      </div>
      <p className="mt-8 text-sm text-slate-600">
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
