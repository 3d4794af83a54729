import { resolve } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeTable from "~/routes";
import {
  BASE_URL,
  createRouteHarness,
  type RouteHarness,
  type RouteModule,
  type RouteOutcome,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * Who may use what: every entry of the route table (app/routes.ts), layouts included, against an
 * explicit expected matrix. A route added without a line here fails the first test, so nobody
 * adds a page without deciding who may open it; a staff or admin route whose loader or action
 * lets the wrong caller through fails the others. Each route module is called on its own (not
 * through its layout), because every loader and action must check the session itself.
 */

/**
 * open: anyone (its own tests say what it does); staff: any signed-in staff; admin: admins;
 * read: any staff member may open it (loader), only admins may change it (action).
 */
type Access = "open" | "staff" | "admin" | "read";

const EXPECTED: Record<string, Access> = {
  // The public website and its resources.
  "layout routes/public/layout.tsx": "open",
  "/": "open",
  "/about": "open",
  "/services": "open",
  "/resources": "open",
  "/insights": "open",
  "/insights/:slug": "open",
  "/insights/feed.xml": "open",
  "/careers": "open",
  "/careers/:id": "open",
  "/contact": "open",
  // Issue 15: the visitor books the free consultation.
  "/book": "open",
  // The visitor's private link and its invitation file (the signed token opens one booking).
  "/book/manage/:token": "open",
  "/book/manage/:token/invite.ics": "open",
  "/terms": "open",
  "/privacy": "open",
  // Issue 27: earlier privacy notices; the withdraw page (its signed link names the address).
  "/privacy/versions/:version": "open",
  "/privacy/withdraw": "open",
  // Issue 27: the person's rights (a mailed code proves the address) and an access request's
  // download (its signed link, from the page that took the code).
  "/privacy/requests": "open",
  "/privacy/requests/download": "open",
  "/*": "open",
  "/sitemap.xml": "open",
  "/robots.txt": "open",
  "/manifest.webmanifest": "open",
  "/api/page-view": "open",
  // Issue 14: the media library's images are shown on public pages.
  "/media/:id/:file": "open",
  "/newsletter": "open",
  "/newsletter/confirm": "open",
  "/newsletter/unsubscribe": "open",
  "/api/newsletter": "open",
  "/api/enquiries": "open",
  "/api/enquiries/token": "open",
  "/offline": "open",
  // Issue 28: the pay calculators and the PDF of a breakdown.
  "/tools": "open",
  "/tools/ctc-to-in-hand": "open",
  "/tools/wage-check": "open",
  "/tools/gratuity": "open",
  "/tools/esop": "open",
  "/tools/:slug/breakdown.pdf": "open",
  // Issue 29: site search and a page per service area.
  "/search": "open",
  "/services/:slug": "open",
  // A resource's request page and its signed file link (the signature authorises the file).
  "/resources/:slug/download": "open",
  "/resources/:slug/file": "open",
  // better-auth's endpoints: sign-in itself, and the provider callbacks.
  "/api/auth/*": "open",
  // Signing in, first-admin setup, signing out and the e-mailed unlock link: open by design.
  "/admin/login": "open",
  "/admin/setup": "open",
  "/admin/logout": "open",
  "/admin/unlock": "open",
  // The admin.
  "layout routes/admin/layout.tsx": "staff",
  "/admin": "staff",
  // Issue 24: every staff member reads the launch checklist; only admins dismiss or send a test mail.
  "/admin/dashboard": "read",
  "/admin/enquiries": "staff",
  // Issue 24: erasing a person (or a subscriber) removes their data for good: admins only.
  "/admin/enquiries/erase": "admin",
  "/admin/enquiries/:id": "staff",
  "/admin/enquiries/export.csv": "staff",
  "/admin/subscribers": "read",
  "/admin/subscribers/export.csv": "staff",
  "/admin/applications": "staff",
  "/admin/applications/:id": "staff",
  "/admin/applications/export.csv": "staff",
  "/admin/applications/:id/cv": "staff",
  "/admin/insights": "staff",
  "/admin/insights/new": "staff",
  "/admin/insights/:slug": "staff",
  "/admin/insights/:slug/versions": "staff",
  "/admin/insights/:slug/preview": "staff",
  // Issue 29: the drafts of services, page texts and postings, previewed, and their history.
  "/admin/services/:id/preview": "staff",
  "/admin/content/:page/preview": "staff",
  "/admin/careers/:id/preview": "staff",
  "/admin/resources/:slug/preview": "staff",
  // The privacy notice's draft, previewed by those who edit it (decision 0075).
  "/admin/privacy/preview": "admin",
  "/admin/history/:kind/:key": "staff",
  "/admin/resources": "staff",
  "/admin/resources/new": "staff",
  "/admin/resources/:slug": "staff",
  "/admin/resources/save.json": "staff",
  "/admin/resources/:slug/file": "staff",
  "/admin/media": "staff",
  "/admin/media/:id": "staff",
  "/admin/services": "staff",
  "/admin/content": "staff",
  "/admin/careers": "staff",
  "/admin/social-proof/:kind?": "staff",
  "/admin/activity": "staff",
  "/admin/account": "staff",
  // Issue 15: bookings. Consultants' setup decides who gets consultations: admins change it.
  "/admin/bookings": "staff",
  "/admin/bookings/:id": "staff",
  "/admin/bookings/availability": "read",
  // Issue 25: a consultant's own calendars; admins, or the consultant (checked in the action).
  "/admin/bookings/calendars": "staff",
  // Issue 25: every staff member reads the meeting types and routing rules; admins change them.
  "/admin/bookings/types": "read",
  // Issue 26: one record per person, its notes and tags, and the funnel, for all staff.
  "/admin/people": "staff",
  "/admin/people/:id": "staff",
  "/admin/people/export.csv": "staff",
  "/admin/funnel": "staff",
  "/admin/funnel/export.csv": "staff",
  // Issue 26: webhook endpoints carry secrets and send leads out: admins only.
  "/admin/webhooks": "admin",
  "/admin/webhooks/:id": "admin",
  // Issue 29: redirects and the not-found log, for all staff (they edit the content too).
  "/admin/redirects": "staff",
  // Issue 29: search and social fields, for all staff (they edit the content too).
  "/admin/seo/:kind/:key": "staff",
  // Issue 27: the consent ledger (staff) and the privacy notice's editor (admins).
  "/admin/consents": "staff",
  "/admin/consents/export.csv": "staff",
  "/admin/privacy": "admin",
  "/admin/privacy/history": "admin",
  // Issue 27: the data inventory (admins).
  "/admin/privacy/inventory": "admin",
  // Any staff member records a breach and its people; approving the notice and recording the
  // Board's report are for admins (checked per button, tests/integration/routes/admin-breaches).
  "/admin/breaches": "staff",
  "/admin/breaches/:id": "staff",
  // Issue 27: privacy requests, for all staff (erasing from one checks for an admin itself).
  "/admin/privacy-requests": "staff",
  "/admin/privacy-requests/:id": "staff",
  "/admin/users": "admin",
  "/admin/settings": "admin",
};

interface TableEntry {
  /** The path pattern (`/admin/enquiries/:id`), or `layout <file>` for a pathless layout. */
  key: string;
  file: string;
}

function walk(entries: RouteConfigEntry[], prefix = ""): TableEntry[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix : [prefix, entry.path ?? ""].filter(Boolean).join("/");
    const self =
      entry.path !== undefined || entry.index
        ? [{ key: `/${path}`, file: entry.file }]
        : [{ key: `layout ${entry.file}`, file: entry.file }];
    return [...self, ...walk(entry.children ?? [], path)];
  });
}

const TABLE = walk(routeTable as RouteConfigEntry[]);

/** The request path of a pattern: dynamic segments filled with a value that matches nothing. */
function concrete(key: string): { path: string; params: Record<string, string> } {
  if (key.startsWith("layout ")) return { path: "/admin/dashboard", params: {} };
  const params: Record<string, string> = {};
  const path = key
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      params[segment.slice(1)] = "no-such-record";
      return "no-such-record";
    })
    .join("/");
  return { path: path || "/", params };
}

/** A guard's refusals: sign-in first (page, file or action), or not your role. */
function refusal(out: RouteOutcome): "sign-in" | "forbidden" | undefined {
  if (out.status === 401) return "sign-in";
  if (out.status === 302 && out.location?.startsWith("/admin/login")) return "sign-in";
  if (out.status === 403) return "forbidden";
  return undefined;
}

describe("the authorization matrix", () => {
  it("has a line for every route of the route table, and only for those", () => {
    const inTable = TABLE.map((entry) => entry.key).sort();
    expect(inTable, "a route without a line in EXPECTED, or a line for no route").toEqual(
      Object.keys(EXPECTED).sort(),
    );
  });

  it("puts every /admin route except sign-in, setup, sign-out and unlock behind a guard", () => {
    for (const { key } of TABLE) {
      if (!key.startsWith("/admin") && !key.includes("routes/admin/")) continue;
      if (["/admin/login", "/admin/setup", "/admin/logout", "/admin/unlock"].includes(key))
        continue;
      expect(EXPECTED[key], key).not.toBe("open");
    }
  });
});

describe.each(DIALECTS)("who may use each guarded route (%s)", (dialect) => {
  let h: RouteHarness;
  let callers: { anonymous: undefined; editor: SignedInStaff; admin: SignedInStaff };
  let guarded: (TableEntry & { access: Access; module: RouteModule })[];

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    const { editor, admin } = await editorAndAdmin(h);
    callers = { anonymous: undefined, editor, admin };
    guarded = await Promise.all(
      TABLE.filter((entry) => EXPECTED[entry.key] && EXPECTED[entry.key] !== "open").map(
        async (entry) => ({
          ...entry,
          access: EXPECTED[entry.key] as Access,
          module: (await import(resolve("app", entry.file))) as RouteModule,
        }),
      ),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  /** What the matrix says each caller gets from a route of this access. */
  function expected(access: Access, caller: keyof typeof callers, kind: "loader" | "action") {
    if (caller === "anonymous") return "sign-in";
    if (access === "admin" && caller === "editor") return "forbidden";
    if (access === "read" && kind === "action" && caller === "editor") return "forbidden";
    return "allowed";
  }

  for (const kind of ["loader", "action"] as const) {
    it(`answers each caller's ${kind} call as the matrix says`, async () => {
      const checked: string[] = [];
      for (const route of guarded) {
        const run = route.module[kind];
        if (!run) continue;
        const { path, params } = concrete(route.key);
        for (const caller of ["anonymous", "editor", "admin"] as const) {
          const cookie = callers[caller]?.cookie;
          const request =
            kind === "loader"
              ? h.get(path, { cookie })
              : // A form whose intent and record mean nothing: past the guard it is refused
                // as bad input, never run.
                h.post(
                  path,
                  { intent: "no-such-intent", id: "no-such-record", confirmed: "yes" },
                  { cookie, origin: BASE_URL },
                );
          const out =
            kind === "loader"
              ? await h.loader(route.module, request, { params })
              : await h.action(route.module, request, { params });
          const label = `${kind} ${route.key} as ${caller} (status ${out.status})`;
          const want = expected(route.access, caller, kind);
          expect(refusal(out) ?? "allowed", label).toBe(want);
          if (want === "allowed") expect(out.status, label).toBeLessThan(500);
          checked.push(label);
        }
      }
      // The walk really ran: every guarded route with this kind of function, three callers each.
      const withKind = guarded.filter((route) => route.module[kind]).length;
      expect(withKind).toBeGreaterThan(5);
      expect(checked).toHaveLength(withKind * 3);
    });
  }
});
