/**
 * Shown to signed-in staff on every public page while maintenance mode is on: they see the live
 * site, visitors see the maintenance page (503). Pinned to the bottom of the window so that it
 * stays in view without hiding the fixed header; at the end of the page it sits below the
 * footer and covers nothing.
 */
export function MaintenancePreviewBanner({ isAdmin }: { isAdmin: boolean }) {
  return (
    <section
      aria-label="Maintenance mode"
      className="sticky bottom-0 z-[70] border-t-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow-[0_-4px_12px_rgb(0_0_0/0.12)] sm:text-base"
    >
      <p className="mx-auto max-w-7xl">
        <strong className="font-semibold">Maintenance mode is on.</strong> Visitors see the
        maintenance page; you see the live site because you are signed in.{" "}
        {isAdmin && (
          <a
            href="/admin/settings"
            className="font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900"
          >
            Turn it off in Settings
          </a>
        )}
      </p>
    </section>
  );
}
