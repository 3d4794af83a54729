import { getGeneralSettings } from "~/modules/settings/settings.server";
import type { RouteHandle } from "~/root";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/offline";

/**
 * The page the service worker shows for a public page that is neither reachable nor cached. It
 * is fetched and precached when the worker installs, so it renders without the network.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getGeneralSettings(runtimeFrom(context).db);
  return { siteName: settings.siteName, email: settings.email, phone: settings.phone };
}

// Shown at whatever URL failed: plain HTML, no hydration (see app/root.tsx).
export const handle: RouteHandle = { hydrate: false, pageCache: true };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `You are offline | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function Offline({ loaderData }: Route.ComponentProps) {
  const { siteName, email, phone } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">{siteName}</p>
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
        <a className="underline" href={`tel:${phone.replace(/\s/g, "")}`}>
          {phone}
        </a>
      </p>
    </main>
  );
}
