import {
  index,
  layout,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";

/*
 * The route table. Public pages share the public layout (header, footer); admin pages share the
 * admin layout (sidebar, session check). Resource routes (no UI) sit outside both.
 * Each area fills its own lists below.
 */

/** Issue 13's library pages inside the public layout (declared first: publicPages spreads it). */
const libraryPublicPages: RouteConfigEntry[] = [
  route("resources/:slug/download", "routes/public/resource-download.tsx"),
];

/** The public website: pages inside the public layout. */
const publicPages: RouteConfigEntry[] = [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("services", "routes/public/services.tsx"),
    // Issue 29: a page per service area (decision 0059).
    route("services/:slug", "routes/public/services.$slug.tsx"),
    route("resources", "routes/public/resources.tsx"),
    route("insights", "routes/public/insights.tsx"),
    route("insights/:slug", "routes/public/insight.tsx"),
    route("careers", "routes/public/careers.tsx"),
    route("careers/:id", "routes/public/career.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("book", "routes/public/book.tsx"),
    route("book/manage/:token", "routes/public/book-manage.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    // Issue 27: earlier privacy notices, and withdrawing a consent (decision 0061).
    route("privacy/versions/:version", "routes/public/privacy.versions.$version.tsx"),
    route("privacy/withdraw", "routes/public/privacy.withdraw.tsx"),
    // Issue 27: the person's rights, to see, correct, erase, name a nominee (decision 0062).
    route("privacy/requests", "routes/public/privacy.requests.tsx"),
    // Issue 28: the free calculators (modules/calculators, decision 0052).
    route("tools", "routes/public/tools.tsx"),
    route("tools/ctc-to-in-hand", "routes/public/tools.ctc-to-in-hand.tsx"),
    route("tools/wage-check", "routes/public/tools.wage-check.tsx"),
    route("tools/gratuity", "routes/public/tools.gratuity.tsx"),
    route("tools/esop", "routes/public/tools.esop.tsx"),
    // Issue 29: the site search (modules/search, decision 0058).
    route("search", "routes/public/search.tsx"),
    // The newsletter's pages (sign-up result, confirmation, unsubscribe) in the site's look.
    route("newsletter", "routes/newsletter/subscribe.tsx"),
    route("newsletter/confirm", "routes/newsletter/confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter/unsubscribe.tsx"),
    ...libraryPublicPages,
    // Issue 29: an article's draft as its public page, for staff only, never cached (decision 0060).
    route("admin/insights/:slug/preview", "routes/public/insight-preview.tsx"),
    // The drafts of a service, a page's texts and a posting, likewise.
    route("admin/services/:id/preview", "routes/public/service-preview.tsx"),
    route("admin/content/:page/preview", "routes/public/page-preview.tsx"),
    route("admin/careers/:id/preview", "routes/public/career-preview.tsx"),
    route("admin/resources/:slug/preview", "routes/public/resource-preview.tsx"),
    // The privacy notice's draft as /privacy, for admins (decision 0075).
    route("admin/privacy/preview", "routes/public/privacy-preview.tsx"),
    // Any other path: "Page Not Found" inside the public layout (status 404).
    route("*", "routes/not-found.tsx"),
  ]),
];
/** Public resource routes: findability (sitemap, robots), the web app manifest, page-view beacon. */
const publicResources: RouteConfigEntry[] = [
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("manifest.webmanifest", "routes/resources/web-manifest.ts"),
  route("api/page-view", "routes/resources/page-view-beacon.ts"),
  // Issue 14: the media library's images (variants and sanitised SVGs), cached for a year.
  route("media/:id/:file", "routes/resources/media-file.ts"),
  // Issue 15: the current invitation of a booking, through its private link ("Add to calendar").
  route("book/manage/:token/invite.ics", "routes/resources/booking-invite.ts"),
  // Issue 28: a calculator's breakdown as a PDF, drawn from the inputs in the query.
  route("tools/:slug/breakdown.pdf", "routes/public/tools-pdf.tsx"),
  // Issue 27: an access request's data, through the link its code gave (decision 0062).
  route("privacy/requests/download", "routes/public/privacy.requests.download.tsx"),
];

/*
 * Issue 13. Job applications: the staff's pages (inside the admin layout) and resource routes
 * (CV download, CSV export). The public application form is the posting's page (career.tsx).
 */
const applicationsAdminPages: RouteConfigEntry[] = [
  route("admin/applications", "routes/admin/applications.tsx"),
  route("admin/applications/:id", "routes/admin/applications.$id.tsx"),
];
const applicationsAdminResources: RouteConfigEntry[] = [
  route("admin/applications/export.csv", "routes/admin/applications.export.ts"),
  route("admin/applications/:id/cv", "routes/admin/applications.$id.cv.ts"),
];

/*
 * Issue 13. The library: articles (insights) and downloadable resources. Public resource routes
 * (the Atom feed, the resource request page's file link) and the staff's pages.
 */
const libraryPublicResources: RouteConfigEntry[] = [
  route("resources/:slug/file", "routes/resources/resource-file.ts"),
  route("insights/feed.xml", "routes/resources/insights-feed.ts"),
];
const libraryAdminPages: RouteConfigEntry[] = [
  route("admin/insights", "routes/admin/insights.tsx"),
  route("admin/insights/new", "routes/admin/insights.new.tsx"),
  route("admin/insights/:slug", "routes/admin/insights.$slug.tsx"),
  // Issue 29: an article's history (compare, restore; decision 0060).
  route("admin/insights/:slug/versions", "routes/admin/insights.$slug.versions.tsx"),
  route("admin/resources", "routes/admin/resources.tsx"),
  // Before :slug, so that "new" is never read as a resource's slug.
  route("admin/resources/new", "routes/admin/resources.new.tsx"),
  route("admin/resources/:slug", "routes/admin/resources.$slug.tsx"),
];
const libraryAdminResources: RouteConfigEntry[] = [
  route("admin/resources/save.json", "routes/admin/resources.save.ts"),
  route("admin/resources/:slug/file", "routes/admin/resources.$slug.file.ts"),
];

/** Leads: public API routes, and the inbox and subscriber pages inside the admin layout. */
const leadsPublic: RouteConfigEntry[] = [
  route("api/newsletter", "routes/leads/api.newsletter.ts"),
  route("api/enquiries", "routes/leads/api.enquiries.ts"),
  route("api/enquiries/token", "routes/leads/api.enquiries.token.ts"),
];
const leadsAdminPages: RouteConfigEntry[] = [
  route("admin/enquiries", "routes/admin/enquiries.tsx"),
  route("admin/enquiries/erase", "routes/admin/enquiries.erase.tsx"),
  route("admin/enquiries/:id", "routes/admin/enquiries.$id.tsx"),
  route("admin/subscribers", "routes/admin/subscribers.tsx"),
  // Issue 26: one record per person, and the funnel.
  route("admin/people", "routes/admin/people.tsx"),
  route("admin/people/:id", "routes/admin/people.$id.tsx"),
  route("admin/funnel", "routes/admin/funnel.tsx"),
];
/*
 * Issue 15. Consultation bookings, the staff side: the list and week view, one booking, and the
 * consultants' setup ("availability" before :id, so that it is never read as a booking's id).
 */
const bookingsAdminPages: RouteConfigEntry[] = [
  route("admin/bookings", "routes/admin/bookings.tsx"),
  route("admin/bookings/availability", "routes/admin/bookings.availability.tsx"),
  route("admin/bookings/calendars", "routes/admin/bookings.calendars.tsx"),
  route("admin/bookings/types", "routes/admin/bookings.types.tsx"),
  route("admin/bookings/:id", "routes/admin/bookings.$id.tsx"),
];
const leadsAdminResources: RouteConfigEntry[] = [
  route("admin/enquiries/export.csv", "routes/admin/enquiries.export.ts"),
  route("admin/subscribers/export.csv", "routes/admin/subscribers.export.ts"),
  route("admin/people/export.csv", "routes/admin/people.export.ts"),
  route("admin/funnel/export.csv", "routes/admin/funnel.export.ts"),
  route("admin/consents/export.csv", "routes/admin/consents.export.ts"),
];

/** Staff admin: pages outside the admin layout (sign-in), inside it, and resource routes. */
const adminOutsideLayout: RouteConfigEntry[] = [
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/setup", "routes/admin/setup.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin/unlock", "routes/admin/unlock.tsx"),
];
const adminPages: RouteConfigEntry[] = [
  route("admin", "routes/admin/index.tsx"),
  route("admin/dashboard", "routes/admin/dashboard.tsx"),
  route("admin/services", "routes/admin/services.tsx"),
  route("admin/content", "routes/admin/content.tsx"),
  route("admin/careers", "routes/admin/careers.tsx"),
  // Issue 14: testimonials, client logos, results figures and team members, a tab each.
  route("admin/social-proof/:kind?", "routes/admin/social-proof.tsx"),
  route("admin/users", "routes/admin/users.tsx"),
  route("admin/settings", "routes/admin/settings.tsx"),
  route("admin/activity", "routes/admin/activity.tsx"),
  route("admin/account", "routes/admin/account.tsx"),
  // Issue 14: the media library (upload, alt text, focal point, delete).
  route("admin/media", "routes/admin/media.tsx"),
  route("admin/media/:id", "routes/admin/media.$id.tsx"),
  // Issue 26: webhook endpoints and their deliveries (admins only).
  route("admin/webhooks", "routes/admin/webhooks.tsx"),
  route("admin/webhooks/:id", "routes/admin/webhooks.$id.tsx"),
  // Issue 29: redirects and the not-found log (modules/redirects, decision 0058).
  route("admin/redirects", "routes/admin/redirects.tsx"),
  // Issue 27: the privacy notice's versions and the consent ledger (decision 0061).
  route("admin/privacy", "routes/admin/privacy.tsx"),
  // Issue 29: the notice's versions compared, and one published again (decision 0075).
  route("admin/privacy/history", "routes/admin/privacy.history.tsx"),
  // Issue 27: the data inventory and the breach register (decision 0063).
  route("admin/privacy/inventory", "routes/admin/privacy.inventory.tsx"),
  route("admin/breaches", "routes/admin/breaches.tsx"),
  route("admin/breaches/:id", "routes/admin/breaches.$id.tsx"),
  route("admin/consents", "routes/admin/consents.tsx"),
  // Issue 27: requests to see, correct or erase data or name a nominee (decision 0062).
  route("admin/privacy-requests", "routes/admin/privacy-requests.tsx"),
  route("admin/privacy-requests/:id", "routes/admin/privacy-requests.$id.tsx"),
  // Issue 29: search and social fields of a page, article, resource, service or posting (0059).
  route("admin/seo/:kind/:key", "routes/admin/seo.tsx"),
  // Issue 29: the history of a service, a page's texts or a posting (compare, restore; 0060).
  route("admin/history/:kind/:key", "routes/admin/history.tsx"),
];

export default [
  ...publicPages,
  ...publicResources,
  ...libraryPublicResources,
  ...leadsPublic,
  ...adminOutsideLayout,
  layout("routes/admin/layout.tsx", [
    ...adminPages,
    ...leadsAdminPages,
    ...applicationsAdminPages,
    ...libraryAdminPages,
    ...bookingsAdminPages,
  ]),
  ...leadsAdminResources,
  ...applicationsAdminResources,
  ...libraryAdminResources,
  route("api/auth/*", "routes/api.auth.ts"),
  // Precached by the service worker for public pages that are offline and not cached.
  route("offline", "routes/offline.tsx"),
] satisfies RouteConfig;
