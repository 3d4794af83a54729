import { type ReactNode, useEffect, useRef } from "react";
import {
  createContext,
  data,
  isRouteErrorResponse,
  Outlet,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { PageViewTracker } from "~/components/page-view-tracker";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { type MaintenanceInfo, MaintenancePage } from "~/components/site/maintenance-page";
import { MaintenancePreviewBanner } from "~/components/site/maintenance-preview-banner";
import { useStaggeredReveal } from "~/components/site/motion";
import { NotFoundView } from "~/components/site/not-found-view";
import { isOfflineFailure, OfflineView } from "~/components/site/offline-view";
import { useNavigationScroll } from "~/components/site/scroll";
import { container, HERO_END_ID, HeroEnd, primaryButton } from "~/components/site/ui";
import { WhatsAppFloat } from "~/components/site/whatsapp-float";
import { PUBLIC_LAYOUT_ID, publicMeta, type SiteInfo } from "~/lib/seo";
import { savePageForOffline } from "~/lib/service-worker.client";
import { newsletterEmailConstraint } from "~/modules/newsletter/newsletter.schema";
import { NEWSLETTER_UNSUBSCRIBE_PATH } from "~/modules/newsletter/newsletter-form";
import { publicSubscriberFigure } from "~/modules/newsletter/subscriber-figure.server";
import { listPublicServices } from "~/modules/services/services.server";
import { officeAddressOf } from "~/modules/settings/office-address";
import type { GeneralSettings } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import type { RouteHandle } from "~/root";
import { getStaffUser } from "~/web/guards.server";
import { redirectMissingPages } from "~/web/missing-page.server";
import { pageCacheRenderContext, runtimeFrom, siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/layout";

/** Seconds a crawler is asked to wait while the site is in maintenance. */
const MAINTENANCE_RETRY_AFTER_S = "3600";

const maintenanceResponse = (settings: GeneralSettings) => {
  const info: MaintenanceInfo = { siteName: settings.siteName, email: settings.email };
  return data(info, { status: 503 });
};

/** Set when a signed-in member of staff previews the site during maintenance. */
interface MaintenancePreview {
  /** Admins get a link to Settings, where maintenance mode is switched off. */
  isAdmin: boolean;
}

const maintenancePreviewContext = createContext<MaintenancePreview | null>(null);

/**
 * Pages that stay open in maintenance: leaving the newsletter must always work, by the link's
 * button and by the mail program's one-click POST (RFC 8058), which a 503 would only delay.
 */
const OPEN_DURING_MAINTENANCE = new Set([NEWSLETTER_UNSUBSCRIBE_PATH]);
const openDuringMaintenance = (request: Request) =>
  OPEN_DURING_MAINTENANCE.has(new URL(request.url).pathname.replace(/\.data$/, ""));

/**
 * Maintenance mode: every public page, its data and its form posts answer 503 with the
 * maintenance page (rendered by this layout's error boundary, from the loader's 503) and a
 * Retry-After header. Form posts stop here, before any action runs. Admin and /api routes are
 * outside this layout and keep working, and so does the newsletter's unsubscribe page.
 *
 * Signed-in staff (a valid session, any role) get the live site instead, with a banner, to check
 * it before switching maintenance off. The session is read only while maintenance is on. Their
 * requests never reach the page cache (a staff cookie bypasses it, server/page-cache/
 * request-key.ts), and a page rendered for the cache carries no cookie, so a preview is never
 * stored or shown to a visitor.
 */
const maintenanceGate: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const settings = await getGeneralSettings(runtimeFrom(context).db);
  context.set(siteSettingsContext, settings);
  if (!settings.maintenanceMode || openDuringMaintenance(request)) return next();
  const staff = context.get(pageCacheRenderContext)
    ? null
    : await getStaffUser({ request, context });
  if (staff) {
    context.set(maintenancePreviewContext, { isAdmin: staff.role === "admin" });
    return next();
  }
  if (request.method !== "GET" && request.method !== "HEAD") throw maintenanceResponse(settings);
  const response = await next();
  response.headers.set("Retry-After", MAINTENANCE_RETRY_AFTER_S);
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [maintenanceGate, redirectMissingPages];

/**
 * Public pages are the same for every visitor: the page cache may store them (decision 0009).
 * They are plain HTML with the site's own small script, no React in the browser, unless the page
 * says it has an interactive part (`hydrate: true`, decision 0067).
 */
export const handle: RouteHandle = { pageCache: true, hydrate: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = context.get(siteSettingsContext);
  const maintenancePreview = context.get(maintenancePreviewContext);
  if (settings.maintenanceMode && !maintenancePreview && !openDuringMaintenance(request)) {
    throw maintenanceResponse(settings);
  }
  const { db, config } = runtimeFrom(context);
  const [services, subscriberFigure] = await Promise.all([
    listPublicServices(db),
    publicSubscriberFigure(db, settings.publicCountThreshold),
  ]);
  const site: SiteInfo = {
    siteName: settings.siteName,
    tagline: settings.tagline,
    siteDescription: settings.siteDescription,
    email: settings.email,
    phone: settings.phone,
    linkedinUrl: settings.linkedinUrl,
    ceoName: settings.ceoName,
    ctoName: settings.ctoName,
    officeAddress: officeAddressOf(settings),
    whatsappNumber: settings.whatsappNumber,
    baseUrl: config.baseUrl,
  };
  return {
    site,
    services: services.map(({ id, title }) => ({ id, title })),
    // From the server, so that server and browser render the same year.
    year: new Date().getFullYear(),
    newsletterEmail: newsletterEmailConstraint(),
    // The footer's "Join 2,500+ professionals": a real figure, or none (issue 22).
    subscriberFigure,
    // Only ever set for a member of staff, in a page rendered for them alone.
    maintenancePreview,
  };
}

/** Used when the layout itself shows an error (maintenance, a missing posting, a failure). */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (isOfflineFailure(error)) {
    return [{ title: "You are offline" }, { name: "robots", content: "noindex" }];
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    const info = error.data as MaintenanceInfo;
    return [
      { title: `Under Maintenance | ${info.siteName}` },
      { name: "robots", content: "noindex" },
    ];
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return publicMeta(matches, {
    title: notFound ? "Page Not Found" : "Something Went Wrong",
    description: notFound
      ? "The page you are looking for might have been moved or no longer exists."
      : "Something went wrong on our side. Please try again in a moment.",
    path: "/",
    noindex: true,
  });
};

type LayoutData = Awaited<ReturnType<typeof loader>>;

/** Header, footer and page transitions around every public page. */
function PublicShell({ data: shell, children }: { data: LayoutData; children: ReactNode }) {
  const { site, services, year, newsletterEmail, subscriberFigure, maintenancePreview } = shell;
  const { pathname } = useLocation();
  // The first page arrives fully painted (no fade before the largest paint); later ones fade in.
  const firstPathname = useRef(pathname);
  const navigated = useRef(false);
  if (pathname !== firstPathname.current) navigated.current = true;
  useNavigationScroll();
  useStaggeredReveal();
  // An unknown admin address ends up here ("Page Not Found"): the public header and footer stay
  // off admin paths (spec section 2).
  if (/^\/admin(\/|$)/.test(pathname)) {
    return (
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
    );
  }
  return (
    <>
      {/* Hoisted into the head by React: no paint before the page's opening section is parsed. */}
      <link rel="expect" href={`#${HERO_END_ID}`} {...{ blocking: "render" }} />
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-card px-4 py-2 font-semibold text-navy-800 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <SiteHeader siteName={site.siteName} services={services} />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        <div key={pathname} className={navigated.current ? "page-enter" : undefined}>
          {children}
        </div>
      </main>
      <SiteFooter
        siteName={site.siteName}
        siteDescription={site.siteDescription}
        email={site.email}
        phone={site.phone}
        linkedinUrl={site.linkedinUrl}
        services={services}
        year={year}
        newsletterEmail={newsletterEmail}
        subscriberFigure={subscriberFigure}
      />
      <PageViewTracker />
      <WhatsAppFloat number={site.whatsappNumber} />
      {maintenancePreview && <MaintenancePreviewBanner isAdmin={maintenancePreview.isAdmin} />}
    </>
  );
}

/**
 * After each client-side navigation, the page's document is saved for offline reading (the
 * router fetched only its data; see savePageForOffline).
 */
function useSavePagesForOffline() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    savePageForOffline(`${pathname}${search}`);
  }, [pathname, search]);
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  useSavePagesForOffline();
  return (
    <PublicShell data={loaderData}>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID);
  if (isRouteErrorResponse(error) && error.status === 503) {
    return <MaintenancePage {...(error.data as MaintenanceInfo)} />;
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Offline without the service worker's help (it answers failed navigations itself): this is
  // no error of ours, and the visitor should know what to do.
  const offline = !notFound && shell && isOfflineFailure(error);
  const content = notFound ? (
    <NotFoundView />
  ) : offline ? (
    <OfflineView email={shell.site.email} phone={shell.site.phone} />
  ) : (
    <section className={`${container} py-24 text-center sm:py-32`}>
      <h1 className="text-4xl font-semibold tracking-tight text-navy-950">Something Went Wrong</h1>
      <p className="mx-auto mt-6 max-w-xl text-lg text-stone-600">
        Something went wrong on our side. Please try again in a moment.
      </p>
      <a className={`${primaryButton} mt-10`} href="/">
        Go to the home page
      </a>
      <HeroEnd />
    </section>
  );
  if (!shell) {
    return (
      <main id="main" className="min-h-screen">
        {content}
      </main>
    );
  }
  return <PublicShell data={shell}>{content}</PublicShell>;
}
