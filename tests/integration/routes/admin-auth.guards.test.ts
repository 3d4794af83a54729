import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ONLY_PATHS } from "~/components/admin/nav";
import routeTable from "~/routes";
import * as dashboard from "~/routes/admin/dashboard";
import * as login from "~/routes/admin/login";
import * as logout from "~/routes/admin/logout";
import * as setup from "~/routes/admin/setup";
import * as unlock from "~/routes/admin/unlock";
import {
  BASE_URL,
  createRouteHarness,
  type RouteHarness,
  type RouteModule,
  type SignedInStaff,
  textOf,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * Sign-in, sign-out and the guards of every /admin route, through the route modules' own loaders
 * and actions. The walk reads the route table (app/routes.ts), so a route added later is covered
 * without anyone listing it.
 */

interface AdminRoute {
  /** The URL path, dynamic segments filled with a value that matches nothing. */
  path: string;
  params: Record<string, string>;
  file: string;
  hasComponent: boolean;
  adminOnly: boolean;
  module: RouteModule;
}

function flatten(entries: RouteConfigEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix : [prefix, entry.path ?? ""].filter(Boolean).join("/");
    const self = entry.path !== undefined || entry.index ? [{ path, file: entry.file }] : [];
    return [...self, ...flatten(entry.children ?? [], path)];
  });
}

async function adminRoutes(): Promise<AdminRoute[]> {
  const routes = flatten(routeTable as RouteConfigEntry[]).filter(
    ({ path }) => path === "admin" || path.startsWith("admin/"),
  );
  return Promise.all(
    routes.map(async ({ path, file }) => {
      const source = readFileSync(join("app", file), "utf8");
      const params: Record<string, string> = {};
      const filled = path
        .split("/")
        .map((segment) => {
          if (!segment.startsWith(":")) return segment;
          params[segment.slice(1).replace(/\?$/, "")] = "no-such-record";
          return "no-such-record";
        })
        .join("/");
      return {
        path: `/${filled}`,
        params,
        file,
        hasComponent: /export\s+default\b/.test(source),
        adminOnly: /requireAdmin\(/.test(source) && !SHARED_BY_INTENT.has(`/${filled}`),
        module: await import(resolve("app", file)),
      };
    }),
  );
}

/**
 * Pages whose actions serve editors for some intents and admins for others, checked button by
 * button in their own tests: editors record a breach and its people, admins approve the notice
 * and record the Board's report (issue 27, tests/integration/routes/admin-breaches); editors
 * work on a privacy request, only admins erase (tests/integration/routes/privacy-requests).
 */
const SHARED_BY_INTENT = new Set([
  "/admin/breaches/no-such-record",
  "/admin/privacy-requests/no-such-record",
]);

/** Routes open by design, each with its own expectations below. */
const PUBLIC_BY_DESIGN = new Set([
  "/admin/login",
  "/admin/setup",
  "/admin/logout",
  "/admin/unlock",
]);

/** Pages every staff member may read whose changes only admins may make (the action's guard). */
const READ_BY_EDITORS = new Set([
  "/admin/bookings/availability",
  // Editors read the meeting types and routing rules; changing them is for admins (issue 25).
  "/admin/bookings/types",
  // Editors read the subscribers; erasing one is for admins (issue 24).
  "/admin/subscribers",
]);

describe.each(DIALECTS)("sign-in and the admin guards (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;
  let routes: AdminRoute[];
  let guarded: AdminRoute[];
  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor, admin } = await editorAndAdmin(h));
    routes = await adminRoutes();
    guarded = routes.filter((route) => !PUBLIC_BY_DESIGN.has(route.path));
  });
  afterAll(async () => {
    await h?.close();
  });

  describe("the route walk", () => {
    it("finds the admin routes in the route table", () => {
      const paths = routes.map((route) => route.path);
      for (const path of [
        "/admin",
        "/admin/login",
        "/admin/dashboard",
        "/admin/services",
        "/admin/content",
        "/admin/careers",
        "/admin/users",
        "/admin/settings",
        "/admin/activity",
        "/admin/account",
        "/admin/enquiries/export.csv",
        "/admin/subscribers/export.csv",
      ]) {
        expect(paths).toContain(path);
      }
      // The sidebar's admin-only entries are admin-only on the server too.
      for (const path of ADMIN_ONLY_PATHS) {
        expect(routes.find((route) => route.path === path)?.adminOnly, path).toBe(true);
      }
    });

    it("sends anonymous page requests to the login page; files answer 401", async () => {
      for (const route of guarded.filter((r) => r.module.loader)) {
        const out = await h.loader(route.module, h.get(route.path), { params: route.params });
        expect(out.thrown, route.path).toBe(true);
        if (route.file.endsWith(".ts")) {
          // A file (the CSV exports): 401, not a login page saved as the download.
          expect(out.status, route.path).toBe(401);
          expect(out.headers.get("content-type") ?? "", route.path).not.toMatch(/text\/csv/);
        } else {
          expect(out.status, route.path).toBe(302);
          expect(out.location, route.path).toBe(
            `/admin/login?redirectTo=${encodeURIComponent(route.path)}`,
          );
        }
      }
    });

    it("answers every anonymous action with 401, whatever the form asks", async () => {
      for (const route of guarded.filter((r) => r.module.action)) {
        // What a destructive form would send, confirmation included: it must never run.
        const out = await h.action(
          route.module,
          h.post(route.path, {
            intent: ["clear", "delete"],
            id: "no-such-record",
            confirmed: "yes",
          }),
          { params: route.params },
        );
        expect(out.status, route.path).toBe(401);
        expect(textOf(out.data), route.path).toContain("Sign in to continue.");
      }
    });

    it("answers an editor with 403 on admin-only routes, for loaders and actions alike", async () => {
      const adminOnly = guarded.filter((route) => route.adminOnly);
      expect(adminOnly.length).toBeGreaterThanOrEqual(2);
      for (const route of adminOnly) {
        if (route.module.loader && !READ_BY_EDITORS.has(route.path)) {
          const out = await h.loader(route.module, h.get(route.path, { cookie: editor.cookie }));
          expect(out.status, route.path).toBe(403);
          expect(textOf(out.data), route.path).toContain("You do not have permission");
        }
        if (route.module.action) {
          const out = await h.action(
            route.module,
            h.post(
              route.path,
              { intent: "remove", id: admin.id, confirmed: "yes" },
              {
                cookie: editor.cookie,
              },
            ),
          );
          expect(out.status, route.path).toBe(403);
        }
      }
    });

    it("opens every other admin page to editors, and every admin page to admins", async () => {
      for (const route of guarded.filter((r) => r.module.loader && r.hasComponent)) {
        const dynamic = Object.keys(route.params).length > 0;
        for (const [who, cookie] of [
          ["admin", admin.cookie],
          ["editor", editor.cookie],
        ] as const) {
          if (who === "editor" && route.adminOnly && !READ_BY_EDITORS.has(route.path)) continue;
          const out = await h.loader(route.module, h.get(route.path, { cookie }), {
            params: route.params,
          });
          expect(dynamic ? [200, 404] : [200], `${who} ${route.path}`).toContain(out.status);
        }
      }
    });

    it("answers a staff post it cannot use with a 4xx message, never a 500", async () => {
      const send = (path: string, body: string, contentType: string) =>
        new Request(h.url(path), {
          method: "POST",
          headers: { "content-type": contentType, origin: BASE_URL, cookie: admin.cookie },
          body,
        });
      for (const route of guarded.filter((r) => r.module.action)) {
        for (const [body, contentType] of [
          // A form whose intent and record mean nothing.
          ["intent=no-such-intent&id=no-such-record", "application/x-www-form-urlencoded"],
          // Not a form at all.
          ['{"intent":"delete"}', "application/json"],
          ["intent=delete", "text/plain"],
        ] as const) {
          const out = await h.action(route.module, send(route.path, body, contentType), {
            params: route.params,
          });
          expect(out.status, `${route.path} ${contentType}`).toBeGreaterThanOrEqual(400);
          expect(out.status, `${route.path} ${contentType}`).toBeLessThan(500);
        }
      }
      for (const module of [login, setup]) {
        const out = await h.action(
          module,
          new Request(h.url("/admin/login"), {
            method: "POST",
            headers: { "content-type": "application/json", origin: BASE_URL },
            body: '{"username":"x"}',
          }),
        );
        expect(out.status).toBe(400);
      }
    });

    it("keeps the sign-in pages open and sign-out harmless", async () => {
      expect((await h.loader(login, h.get("/admin/login"))).status).toBe(200);
      expect((await h.loader(setup, h.get("/admin/setup"))).status).toBe(404);
      expect((await h.loader(setup, h.get("/admin/setup?token=guess"))).status).toBe(404);
      expect((await h.loader(unlock, h.get("/admin/unlock"))).status).toBe(404);
      expect((await h.loader(unlock, h.get("/admin/unlock?token=guess"))).status).toBe(404);
      expect((await h.action(unlock, h.post("/admin/unlock", { token: "guess" }))).status).toBe(
        404,
      );
      const logoutGet = await h.loader(logout, h.get("/admin/logout", { cookie: admin.cookie }));
      expect(logoutGet.status).toBe(302);
      // A GET never signs anyone out.
      expect(
        (await h.loader(dashboard, h.get("/admin/dashboard", { cookie: admin.cookie }))).status,
      ).toBe(200);
      const anonymous = await h.action(logout, h.post("/admin/logout"));
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toMatch(/^\/admin\/login/);
    });
  });
});
