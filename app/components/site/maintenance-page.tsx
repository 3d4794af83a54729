import { BrandMark } from "./header";
import { HeroMotifSmall } from "./illustrations/motif";

export interface MaintenanceInfo {
  siteName: string;
  email: string;
}

/** What every public page shows while maintenance mode is on (answered with 503). */
export function MaintenancePage({ siteName, email }: MaintenanceInfo) {
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-navy-950 px-4 py-16 text-paper"
    >
      <div className="max-w-lg text-center">
        <p className="flex items-center justify-center gap-2 font-display text-xl font-semibold">
          <BrandMark />
          {siteName}
        </p>
        <HeroMotifSmall className="mx-auto mt-10 h-auto w-48" />
        <h1 className="mt-8 font-display text-display-sm font-semibold tracking-tight sm:text-display-md">
          We'll be back soon
        </h1>
        <p className="mt-4 text-lead text-navy-100">
          Our website is undergoing scheduled maintenance. Thank you for your patience; please check
          back shortly.
        </p>
        <p className="mt-8 text-navy-100">
          Need us in the meantime? Write to{" "}
          <a
            className="font-semibold text-paper underline decoration-marigold-400 decoration-2 underline-offset-4"
            href={`mailto:${email}`}
          >
            {email}
          </a>
        </p>
      </div>
    </main>
  );
}
