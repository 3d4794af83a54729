import { useContext, useEffect, useState } from "react";
import { preloadModule } from "react-dom";
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type UIMatch,
  useMatches,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import styles from "./app.css?inline";
import stylesUrl from "./app.css?url";
import { isOfflineFailure } from "./components/site/offline-view";
// Built as a file of its own (Vite bundles a worker entry with its imports, minified and
// hashed): the only script of a public page that does not hydrate (decision 0067).
import publicSiteScript from "./components/site/public-site-script.ts?worker&url";
import fontFaces from "./fonts/fonts.css?inline";
import frauncesLatin from "./fonts/fraunces-latin.woff2?url";
import { useNonce } from "./lib/nonce";
import { zodWithoutEval } from "./lib/zod-without-eval";
import { assertSameOrigin } from "./web/guards.server";
import { isOneClickUnsubscribe } from "./web/one-click-unsubscribe.server";

// Before any route module that imports zod builds a schema (lib/zod-without-eval.ts).
zodWithoutEval();

/**
 * Every form post and API call that a browser sent from another site is refused with 403 here,
 * before any action runs, on every route (the router's own check, switched off in
 * react-router.config.ts, answered 400 with no page). One exception: the RFC 8058 one-click
 * unsubscribe, which mail providers post from elsewhere by design (decision 0020).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args) => {
    if (await isOneClickUnsubscribe(args.request)) return;
    assertSameOrigin(args);
  },
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // Name, icons and colours for "Add to home screen" (routes/resources/web-manifest.ts).
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/**
 * The stylesheet is inlined in every document rather than linked: the first paint then waits for
 * no second request (on a slow phone connection that request costs more than the ~9 KB it adds
 * to each gzipped page). Only the server renders it; the browser keeps what the server sent, so
 * the client bundle does not carry the CSS a second time.
 */
const inlineStyles = import.meta.env.SSR ? styles : "";

/**
 * The brand face and its fallback, inlined in every document once and never linked again: a
 * second set of the same faces (in the stylesheet linked after hydration) would draw text again in
 * a brand font the first set had given up on, a layout shift (decision 0097).
 */
const inlineFontFaces = import.meta.env.SSR ? fontFaces : "";

/**
 * A page from the page cache carries only the rules its own markup uses (the cache trims the
 * inline stylesheet and marks it `data-site-styles="critical"`: server/page-cache/
 * critical-styles.ts, decision 0051). Once such a page has hydrated, what its scripts draw next
 * (an open menu, another page reached in place) needs the rest: the whole stylesheet is linked
 * then, a hashed file cached for a year, after the first paint and never in its way. React keeps
 * a stylesheet with a precedence in the document once inserted.
 */
function useWholeStylesheet(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (document.querySelector('style[data-site-styles="critical"]')) setNeeded(true);
  }, []);
  return needed;
}

/**
 * The page's modules are needed to hydrate it, not to paint it: announce them at low fetch
 * priority, ahead of the router's own preload links for the same files (the browser fetches each
 * module once, at the priority it first saw). The document, its inline styles and images go
 * first on a slow connection. Server render only; the browser never re-requests them.
 */
function useLowPriorityModulePreloads(hydrate: boolean, matches: UIMatch[]) {
  const framework = useContext(FrameworkContext);
  // A page that does not hydrate loads none of them (decision 0067).
  if (!hydrate || typeof document !== "undefined" || !framework) return;
  const { manifest } = framework;
  const hrefs = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (!route) continue;
    hrefs.add(route.module);
    for (const imported of route.imports ?? []) hrefs.add(imported);
  }
  // React passes fetchPriority through to the link (its option types do not list it yet).
  const options = { as: "script", fetchPriority: "low" } as Parameters<typeof preloadModule>[1];
  for (const href of hrefs) preloadModule(href, options);
}

/** What a route's `handle` export may say to the document shell. */
export interface RouteHandle {
  /**
   * Whether the page loads React and the router and hydrates (decision 0067). The deepest route
   * that says so decides; none saying means yes. The public layout says no: its pages are plain
   * HTML with the site's own small script (components/site/public-site-script.ts), and a page
   * with an interactive part (live validation, the booking grid, a calculator) says yes.
   */
  hydrate?: boolean;
  /**
   * Whether the page cache may store this page for every visitor (docs/decisions/0009). The
   * deepest route that says so decides; a page with per-visitor values in its HTML says false.
   */
  pageCache?: boolean;
}

/**
 * Whether a page with these routes' handles hydrates: the deepest that says so decides. Also read
 * by entry.server.tsx (only a hydrating page has module scripts to defer).
 */
export function pageHydrates(handles: ReadonlyArray<unknown>): boolean {
  let hydrate = true;
  for (const handle of handles) {
    const said = (handle as RouteHandle | undefined)?.hydrate;
    if (said !== undefined) hydrate = said;
  }
  return hydrate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Empty when the page cache renders the page: no nonce attribute at all then.
  const nonce = useNonce() || undefined;
  const matches = useMatches();
  // A page that does not hydrate is plain HTML (the offline page, which the service worker shows
  // at other URLs, would fail to hydrate at a URL it does not match; most public pages need no
  // script). In the browser the root only renders after hydration, when a hydrated page moves
  // to another in place: that page keeps the scripts already running.
  const hydrate =
    typeof document !== "undefined" || pageHydrates(matches.map((match) => match.handle));
  // The public site scrolls by the spec's rules (app/components/site/scroll.ts): every navigation
  // starts at the top and hash targets are reached after a delay, so the router's own scroll
  // handling stays out of its pages.
  const isPublicPage = matches.some((match) => match.id === "routes/public/layout");
  // A public page announces its modules only after its first paint (entry.server.tsx).
  useLowPriorityModulePreloads(hydrate, isPublicPage ? [] : matches);
  const wholeStylesheet = useWholeStylesheet();
  return (
    // The build id (same in server and client code) tells tests and the update check which
    // build a page runs.
    <html lang="en-IN" data-build-id={__BUILD_ID__}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The face every public page's first screen uses (its headings), requested before
            anything else; the rupee-sign face waits for the CSS and a page that shows ₹. */}
        {isPublicPage && <FontPreloads />}
        <Meta />
        <style
          data-font-faces=""
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled font faces
          dangerouslySetInnerHTML={{ __html: inlineFontFaces }}
        />
        <style
          data-site-styles=""
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet
          dangerouslySetInnerHTML={{ __html: inlineStyles }}
        />
        {wholeStylesheet && <link rel="stylesheet" href={stylesUrl} precedence="site" />}
        {/* Stylesheets need no nonce (style-src allows them); an empty one keeps Chromium, which
            shows link nonces to scripts, from seeing a hydration mismatch. */}
        <Links nonce="" />
      </head>
      <body
        className={
          isPublicPage
            ? "site bg-paper font-sans text-body text-navy-950 antialiased"
            : "bg-white font-sans text-slate-900 antialiased"
        }
      >
        {children}
        {hydrate && !isPublicPage && <ScrollRestoration nonce={nonce} />}
        {hydrate && <Scripts nonce={nonce} />}
        {!hydrate && isPublicPage && (
          // External and same-origin: allowed by script-src 'self', no nonce or hash needed.
          // Low priority: the page's images and fonts first (module scripts never block a paint).
          <script
            type="module"
            src={publicSiteScript}
            data-stylesheet={stylesUrl}
            fetchPriority="low"
          />
        )}
      </body>
    </html>
  );
}

/** Same-origin fonts still need `crossorigin` on their preload, or the browser fetches twice. */
function FontPreloads() {
  return <link rel="preload" href={frauncesLatin} as="font" type="font/woff2" crossOrigin="" />;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A navigation that failed because the device is offline is no error of ours: say so (the
  // public pages have the service worker's offline page; this covers the rest, e.g. the admin).
  const offline = isOfflineFailure(error);
  const title = offline
    ? "You are offline"
    : status === 404
      ? "Page Not Found"
      : status === 403
        ? "You do not have permission to do this"
        : "Something went wrong";
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{title}</title>
      <h1 className="font-display text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-slate-600">
        {offline
          ? "This page needs a connection. Please try again when you are back online."
          : status === 404
            ? "The page you are looking for does not exist."
            : status === 403
              ? "Forms on this site can only be sent from its own pages."
              : "Please try again in a moment."}
      </p>
      <a className="mt-8 inline-block text-blue-700 underline" href="/">
        Go to the home page
      </a>
    </main>
  );
}
