import { OfflineView } from "~/components/site/offline-view";
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
  return (
    <main id="main">
      <OfflineView {...loaderData} />
    </main>
  );
}
