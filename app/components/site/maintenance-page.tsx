import { BrandMark } from "./header";

export interface MaintenanceInfo {
  siteName: string;
  email: string;
}

/** What every public page shows while maintenance mode is on (answered with 503). */
export function MaintenancePage({ siteName, email }: MaintenanceInfo) {
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16"
    >
      <div className="max-w-lg text-center">
        <p className="flex items-center justify-center gap-2 text-lg font-bold text-slate-900">
          <BrandMark />
          {siteName}
        </p>
        <h1 className="mt-8 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          We'll be back soon
        </h1>
        <p className="mt-4 text-lg text-slate-600">
          Our website is undergoing scheduled maintenance. Thank you for your patience; please check
          back shortly.
        </p>
        <p className="mt-8 text-slate-700">
          Need us in the meantime? Write to{" "}
          <a className="font-medium text-blue-700 underline" href={`mailto:${email}`}>
            {email}
          </a>
        </p>
      </div>
    </main>
  );
}
