import { STORABLE_FOR_EVERYONE } from "~/lib/page-cache";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/web-manifest";

/*
 * /manifest.webmanifest, linked from every page (app/root.tsx): what a phone needs to add the site
 * to its home screen. The name is the site name staff set in Settings, so this is a route, not a
 * file: every settings change raises the content version (decision 0009), and the page cache
 * stores this answer like the sitemap, so a new name is served on the next request. Colours are
 * the visual identity's (app/app.css, decision 0026); the icons are the brand mark
 * (scripts/generate-icons.ts).
 */

/** The brand's colours from app/app.css (`--color-navy-900`, `--color-paper`). */
export const MANIFEST_COLOURS = { theme: "#152445", background: "#faf7f1" } as const;

/** A launcher shows about 12 characters under an icon. */
const SHORT_NAME_MAX = 12;

/**
 * The name under the home-screen icon: the site name when it fits, else its initials
 * ("Total Rewards Consulting" → "TRC"); cutting words off mid-name read worse in the launchers tried.
 */
export function shortNameOf(siteName: string): string {
  const name = siteName.trim().replace(/\s+/g, " ");
  if (name.length <= SHORT_NAME_MAX) return name;
  const initials = name
    .split(" ")
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0]?.toUpperCase() ?? "")
    .join("")
    .slice(0, SHORT_NAME_MAX);
  return initials.length >= 2 ? initials : name.slice(0, SHORT_NAME_MAX);
}

export function webManifest(settings: { siteName: string; siteDescription: string }) {
  return {
    id: "/",
    name: settings.siteName,
    short_name: shortNameOf(settings.siteName),
    description: settings.siteDescription,
    lang: "en-IN",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: MANIFEST_COLOURS.theme,
    background_color: MANIFEST_COLOURS.background,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getGeneralSettings(runtimeFrom(context).db);
  return new Response(JSON.stringify(webManifest(settings), null, 2), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // Asked again on each use, as the pages are: a new site name is not kept from browsers.
      "Cache-Control": "public, max-age=0",
      // The same for every visitor: the page cache may store it (and drops it on a new version).
      ...STORABLE_FOR_EVERYONE,
    },
  });
}
