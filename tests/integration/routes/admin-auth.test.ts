import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { ADMIN_ONLY_PATHS } from "~/components/admin/nav";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { issueSetupLink } from "~/modules/staff/setup-token.server";
import routeTable from "~/routes";
import * as dashboard from "~/routes/admin/dashboard";
import * as login from "~/routes/admin/login";
import * as logout from "~/routes/admin/logout";
import * as settings from "~/routes/admin/settings";
import * as setup from "~/routes/admin/setup";
import * as apiAuth from "~/routes/api.auth";
import {
  BASE_URL,
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type RouteModule,
  type SignedInStaff,
  textOf,
  typedValue,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

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
        adminOnly: /requireAdmin\(/.test(source),
        module: await import(resolve("app", file)),
      };
    }),
  );
}

/** Routes open by design, each with its own expectations below. */
const PUBLIC_BY_DESIGN = new Set(["/admin/login", "/admin/setup", "/admin/logout"]);

describe.each(DIALECTS)("sign-in and the admin guards (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;
  let routes: AdminRoute[];
  let guarded: AdminRoute[];

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
    admin = await h.staff("admin");
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
        if (route.module.loader) {
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
          if (who === "editor" && route.adminOnly) continue;
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

  describe("the login page", () => {
    const loginPost = (fields: Record<string, string>, origin?: string) =>
      h.action(login, h.post("/admin/login", fields, origin ? { origin } : {}));

    it("offers no provider by default and says when one has signed out", async () => {
      const out = await h.loader(login, h.get("/admin/login?signedOut=1"));
      expect(out.data).toMatchObject({ providers: [], notice: "You have signed out." });
    });

    it("sends a signed-in member on, to where they were going", async () => {
      const out = await h.loader(
        login,
        h.get("/admin/login?redirectTo=%2Fadmin%2Fcareers", { cookie: editor.cookie }),
      );
      expect(out.status).toBe(302);
      expect(out.location).toBe("/admin/careers");
      const plain = await h.loader(login, h.get("/admin/login", { cookie: editor.cookie }));
      expect(plain.location).toBe("/admin/dashboard");
    });

    it("asks for both fields, per field, on the server", async () => {
      const out = await loginPost({ username: " ", password: "" });
      expect(out.status).toBe(400);
      expect(fieldMessage(out.data, "username")).toBe("Enter your username");
      expect(fieldMessage(out.data, "password")).toBe("Enter your password");
    });

    it('says "Invalid username or password" for any failure, keeping the username', async () => {
      const staff = await h.staff("editor");
      for (const [username, password] of [
        [staff.username, "not the right password"],
        ["nobody-at-all", staff.password],
        ["bad name with spaces", "whatever it is"],
      ] as const) {
        const out = await loginPost({ username, password });
        expect(out.status, username).toBeGreaterThanOrEqual(400);
        expect(out.headers.get("set-cookie")).toBeNull();
        expect(textOf(out.data)).toContain("Invalid username or password");
        expect(textOf(out.data)).not.toContain(password);
        expect(
          typedValue(out.data, "username") ?? (out.data as { username: string }).username,
        ).toBe(username);
      }
    });

    it("signs in by username or e-mail in any case, back to the page asked for", async () => {
      const byName = await loginPost({
        username: editor.username,
        password: editor.password,
        redirectTo: "/admin/careers",
      });
      expect(byName.status).toBe(302);
      expect(byName.location).toBe("/admin/careers");
      expect(byName.headers.get("set-cookie")).toMatch(/session_token=/);
      const byEmail = await loginPost({
        username: editor.email.toUpperCase(),
        password: editor.password,
      });
      expect(byEmail.location).toBe("/admin/dashboard");
      // Only paths of this site.
      const away = await loginPost({
        username: editor.username,
        password: editor.password,
        redirectTo: "https://evil.example/",
      });
      expect(away.location).toBe("/admin/dashboard");
    });

    it("locks an account after 5 failed attempts: 429 with Retry-After, even for the right password", async () => {
      const victim = await h.staff("editor");
      for (let attempt = 1; attempt <= 5; attempt++) {
        const out = await loginPost({
          username: victim.username,
          password: `wrong password number ${attempt}`,
        });
        expect(textOf(out.data)).toContain("Invalid username or password");
      }
      const locked = await loginPost({ username: victim.username, password: victim.password });
      expect(locked.status).toBe(429);
      expect(textOf(locked.data)).toContain(
        "Too many failed sign-in attempts. Try again in 15 minutes.",
      );
      expect(locked.headers.get("set-cookie")).toBeNull();
      // By e-mail too, with the time to wait.
      const byEmail = await loginPost({ username: victim.email, password: victim.password });
      expect(byEmail.status).toBe(429);
      const retryAfter = Number(byEmail.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // The auth API answers alike.
      const api = await h.action(
        apiAuth,
        new Request(h.url("/api/auth/sign-in/username"), {
          method: "POST",
          headers: { "content-type": "application/json", origin: BASE_URL },
          body: JSON.stringify({ username: victim.username, password: victim.password }),
        }),
      );
      expect(api.status).toBe(429);
      expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
      // Other accounts are not affected.
      expect((await h.signIn(editor)).length).toBeGreaterThan(0);
    });

    it("refuses a provider that is not configured", async () => {
      const out = await loginPost({ provider: "github" });
      expect(out.status).toBe(400);
      expect(textOf(out.data)).toContain("This sign-in method is not available.");
    });

    it("refuses form posts from another site, setting no cookie and storing nothing", async () => {
      const refused = await loginPost(
        { username: editor.username, password: editor.password },
        "https://evil.example",
      );
      expect(refused.status).toBe(403);
      expect(refused.headers.get("set-cookie")).toBeNull();
      const hijack = await h.action(
        settings,
        h.post(
          "/admin/settings",
          {
            siteName: "Hijacked",
            email: "x@example.com",
            phone: "123",
            ceoName: "X",
            ctoName: "Y",
            linkedinUrl: "https://example.com",
          },
          { cookie: admin.cookie, origin: "https://evil.example" },
        ),
      );
      expect(hijack.status).toBe(403);
      expect((await getGeneralSettings(h.db)).siteName).not.toBe("Hijacked");
      const careers = await import("~/routes/admin/careers");
      const crossSite = await h.action(
        careers,
        h.post(
          "/admin/careers",
          { intent: "clear", confirmed: "yes" },
          { cookie: admin.cookie, origin: null, headers: { "sec-fetch-site": "cross-site" } },
        ),
      );
      expect(crossSite.status).toBe(403);
    });

    it("keeps better-auth's account endpoints closed: changes go through the admin pages", async () => {
      for (const path of [
        "/api/auth/admin/create-user",
        "/api/auth/sign-up/email",
        "/api/auth/update-user",
      ]) {
        const out = await h.action(
          apiAuth,
          new Request(h.url(path), {
            method: "POST",
            headers: { cookie: admin.cookie, "content-type": "application/json", origin: BASE_URL },
            body: JSON.stringify({
              email: "x@example.com",
              password: "long enough password",
              name: "X",
              role: "admin",
            }),
          }),
        );
        expect(out.status, path).toBe(404);
      }
    });

    it("ends the session on sign-out: the old cookie no longer opens anything", async () => {
      const staff = await h.staff("admin");
      const out = await h.action(logout, h.post("/admin/logout", {}, { cookie: staff.cookie }));
      expect(out.status).toBe(302);
      expect(out.location).toBe("/admin/login?signedOut=1");
      const replay = await h.loader(dashboard, h.get("/admin/dashboard", { cookie: staff.cookie }));
      expect(replay.status).toBe(302);
      expect(replay.location).toMatch(/^\/admin\/login/);
    });
  });

  describe("the first admin's setup link", () => {
    it("creates the admin once, applying the password policy, and signs them in", async () => {
      // A site with no account yet, as at the first start.
      const h = await createRouteHarness(dialect);
      onTestFinished(() => h.close());
      const { url } = await issueSetupLink(h.db, BASE_URL);
      const token = new URL(url).searchParams.get("token")!;
      const page = await h.loader(setup, h.get(`/admin/setup?token=${token}`));
      expect(page.status).toBe(200);
      const fields = {
        token,
        name: "Asha Verma",
        username: "asha",
        email: "asha@example.in",
        password: "password12345",
        confirmPassword: "password12345",
      };
      const weak = await h.action(setup, h.post("/admin/setup", fields));
      expect(weak.status).toBe(400);
      expect(fieldMessage(weak.data, "password")).toMatch(/too common/);
      expect(typedValue(weak.data, "username")).toBe("asha");
      const created = await h.action(
        setup,
        h.post("/admin/setup", {
          ...fields,
          password: "mango tractor lantern 42",
          confirmPassword: "mango tractor lantern 42",
        }),
      );
      expect(created.status).toBe(302);
      expect(created.location).toBe("/admin/dashboard");
      expect(created.headers.get("set-cookie")).toMatch(/session_token=/);
      // Used once: the link is dead now, for anyone.
      const again = await h.loader(setup, h.get(`/admin/setup?token=${token}`));
      expect(again.status).toBe(404);
    });
  });
});
