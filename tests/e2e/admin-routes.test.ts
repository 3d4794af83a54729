import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ONLY_PATHS } from "~/components/admin/nav";
import routeTable from "~/routes";
import { createStaff, signInCookie } from "../support/auth";
import { startServer, type TestServer } from "../support/server";

/*
 * Walks every /admin route of the route table (app/routes.ts), so a route added later is covered
 * without anyone remembering to list it: anonymous visitors are sent to the login page (pages)
 * or get 401 (actions, files); editors get 403 on admin-only routes.
 */

interface AdminRoute {
  /** The URL path, dynamic segments filled with a value that matches nothing. */
  path: string;
  file: string;
  hasLoader: boolean;
  hasAction: boolean;
  hasComponent: boolean;
  adminOnly: boolean;
}

function flatten(entries: RouteConfigEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix : [prefix, entry.path ?? ""].filter(Boolean).join("/");
    const self = entry.path !== undefined || entry.index ? [{ path, file: entry.file }] : [];
    return [...self, ...flatten(entry.children ?? [], path)];
  });
}

const exportsFunction = (source: string, name: string) =>
  new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b`).test(
    source,
  );

/**
 * Pages whose actions serve editors for some intents and admins for others, checked button by
 * button in their own tests (the breach register, a privacy request: issue 27).
 */
const SHARED_BY_INTENT = new Set([
  "/admin/breaches/no-such-record",
  "/admin/privacy-requests/no-such-record",
]);

const adminRoutes: AdminRoute[] = flatten(routeTable as RouteConfigEntry[])
  .filter(({ path }) => path === "admin" || path.startsWith("admin/"))
  .map(({ path, file }) => {
    const source = readFileSync(join("app", file), "utf8");
    const filled = `/${path
      .split("/")
      .map((segment) =>
        segment.startsWith(":") || segment === "*" ? "no-such-record" : segment.replace(/\?$/, ""),
      )
      .join("/")}`;
    return {
      path: filled,
      file,
      hasLoader: exportsFunction(source, "loader"),
      hasAction: exportsFunction(source, "action"),
      hasComponent: /export\s+default\b/.test(source),
      adminOnly: /requireAdmin\(/.test(source) && !SHARED_BY_INTENT.has(filled),
    };
  });

/** Routes open by design, each with its own expectations below. */
const PUBLIC_BY_DESIGN = new Set([
  "/admin/login",
  "/admin/setup",
  "/admin/logout",
  "/admin/unlock",
]);
const guarded = adminRoutes.filter((route) => !PUBLIC_BY_DESIGN.has(route.path));
/** Pages every staff member may read whose changes only admins may make (the action's guard). */
const READ_BY_EDITORS = new Set([
  "/admin/bookings/availability",
  // Editors read the meeting types and routing rules; changing them is for admins (issue 25).
  "/admin/bookings/types",
  // Editors read the subscribers; erasing one is for admins (issue 24).
  "/admin/subscribers",
]);

const get = (server: TestServer, path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: cookie ? { cookie } : {},
  });

const post = (server: TestServer, path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...(cookie ? { cookie } : {}),
    },
    // What a destructive form would send, confirmation included: it must never run.
    body: "intent=clear&intent=delete&id=no-such-record&confirmed=yes",
  });

describe("the route walk", () => {
  let server: TestServer;
  let editorCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    server = await startServer();
    editorCookie = await signInCookie(server, await createStaff(server, "editor"));
    adminCookie = await signInCookie(server, await createStaff(server, "admin"));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("finds the admin routes in the route table", () => {
    const paths = adminRoutes.map((route) => route.path);
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
    ]) {
      expect(paths).toContain(path);
    }
    // Both CSV exports are walked as files.
    for (const path of ["/admin/enquiries/export.csv", "/admin/subscribers/export.csv"]) {
      expect(adminRoutes.find((route) => route.path === path)?.file, path).toMatch(/\.ts$/);
    }
    // The sidebar's admin-only entries are admin-only on the server too.
    for (const path of ADMIN_ONLY_PATHS) {
      expect(adminRoutes.find((route) => route.path === path)?.adminOnly, path).toBe(true);
    }
  });

  it("sends anonymous page requests to the login page, and answers data requests with 401", async () => {
    for (const route of guarded.filter((r) => r.hasLoader)) {
      const response = await get(server, route.path);
      if (route.hasComponent) {
        expect(response.status, route.path).toBe(302);
        expect(response.headers.get("location"), route.path).toBe(
          `/admin/login?redirectTo=${encodeURIComponent(route.path)}`,
        );
      } else if (route.file.endsWith(".ts")) {
        // A file (the CSV exports): 401, not a login page saved as the download.
        expect(response.status, route.path).toBe(401);
        expect(response.headers.get("content-type"), route.path).not.toMatch(/text\/csv/);
      } else {
        // A redirect route (/admin): to the login page, like a page.
        expect(response.status, route.path).toBe(302);
        expect(response.headers.get("location"), route.path).toMatch(/^\/admin\/login\?/);
      }
      await response.body?.cancel();
      // The client-side navigation data of the page gives nothing away either.
      const data = await get(server, `${route.path}.data`);
      const body = await data.text();
      if (data.status === 202) {
        expect(body, route.path).toMatch(/"SingleFetchRedirect".*"\/admin\/login\?/);
      } else {
        expect(data.status, route.path).toBe(401);
      }
    }
  });

  it("answers every anonymous action with 401", async () => {
    for (const route of guarded.filter((r) => r.hasAction)) {
      // The request a page makes with JavaScript: the action's own answer.
      const data = await post(server, `${route.path}.data`);
      expect(data.status, route.path).toBe(401);
      await data.body?.cancel();
      // A form post without JavaScript: refused by the action, then the page (whose loaders
      // need a session) sends the browser to the login page.
      const page = await post(server, route.path);
      expect([401, 302], route.path).toContain(page.status);
      if (page.status === 302) {
        expect(page.headers.get("location"), route.path).toMatch(/^\/admin\/login\?/);
      }
      await page.body?.cancel();
    }
  });

  it("answers an editor with 403 on admin-only routes, for pages and actions alike", async () => {
    const adminOnly = guarded.filter((route) => route.adminOnly);
    expect(adminOnly.length).toBeGreaterThanOrEqual(2);
    for (const route of adminOnly) {
      if (route.hasLoader && !READ_BY_EDITORS.has(route.path)) {
        const page = await get(server, route.path, editorCookie);
        expect(page.status, route.path).toBe(403);
        expect(await page.text(), route.path).toContain("You do not have permission");
      }
      if (route.hasAction) {
        for (const path of [route.path, `${route.path}.data`]) {
          const action = await post(server, path, editorCookie);
          expect(action.status, path).toBe(403);
          await action.body?.cancel();
        }
      }
    }
  });

  it("opens every other admin page to editors, and every admin page to admins", async () => {
    for (const route of guarded.filter((r) => r.hasLoader && r.hasComponent)) {
      const dynamic = route.path.includes("no-such-record");
      for (const [who, cookie] of [
        ["admin", adminCookie],
        ["editor", editorCookie],
      ] as const) {
        if (who === "editor" && route.adminOnly && !READ_BY_EDITORS.has(route.path)) continue;
        const response = await get(server, route.path, cookie);
        const expected = dynamic ? [200, 404] : [200];
        expect(expected, `${who} ${route.path}`).toContain(response.status);
        await response.body?.cancel();
      }
    }
  });

  it("answers a staff post it cannot use with a 4xx message, never a 500", async () => {
    const send = (path: string, body: string, contentType: string) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": contentType, origin: server.url, cookie: adminCookie },
        body,
      });
    for (const route of guarded.filter((r) => r.hasAction)) {
      for (const [body, contentType] of [
        // A form whose intent and record mean nothing.
        ["intent=no-such-intent&id=no-such-record", "application/x-www-form-urlencoded"],
        // Not a form at all.
        ['{"intent":"delete"}', "application/json"],
        ["intent=delete", "text/plain"],
      ] as const) {
        const response = await send(`${route.path}.data`, body, contentType);
        expect(response.status, `${route.path} ${contentType}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${route.path} ${contentType}`).toBeLessThan(500);
        await response.body?.cancel();
      }
    }
    for (const path of ["/admin/login", "/admin/setup"]) {
      const response = await send(path, '{"username":"x"}', "application/json");
      expect(response.status, path).toBe(400);
      await response.body?.cancel();
    }
  });

  it("keeps the sign-in pages open and sign-out harmless", async () => {
    expect((await get(server, "/admin/login")).status).toBe(200);
    expect((await get(server, "/admin/setup")).status).toBe(404);
    expect((await get(server, "/admin/setup?token=guess")).status).toBe(404);
    expect((await get(server, "/admin/unlock?token=guess")).status).toBe(404);
    const logoutGet = await get(server, "/admin/logout", adminCookie);
    expect(logoutGet.status).toBe(302);
    // A GET never signs anyone out.
    expect((await get(server, "/admin/dashboard", adminCookie)).status).toBe(200);
    const logoutAnonymous = await post(server, "/admin/logout");
    expect(logoutAnonymous.status).toBe(302);
    expect(logoutAnonymous.headers.get("location")).toMatch(/^\/admin\/login/);
  });
});
