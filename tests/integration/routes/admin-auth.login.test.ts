import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { issueSetupLink } from "~/modules/setup/setup-token.server";
import * as dashboard from "~/routes/admin/dashboard";
import * as login from "~/routes/admin/login";
import * as logout from "~/routes/admin/logout";
import * as settings from "~/routes/admin/settings";
import * as setup from "~/routes/admin/setup";
import * as apiAuth from "~/routes/api.auth";
import {
  BASE_URL,
  CLIENT_ADDRESS,
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
  textOf,
  typedValue,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/* Signing in and out through the login page's loader and action, and the first admin's setup link. */

describe.each(DIALECTS)("sign-in and the admin guards (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor, admin } = await editorAndAdmin(h));
  });
  afterAll(async () => {
    await h?.close();
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

    it("keeps the page to go to after sign-in inside the admin, however it is written", async () => {
      for (const target of [
        "/admin/../..//evil.example",
        "//evil.example",
        "/\\evil.example",
        "https://evil.example",
        "/admin/%2e%2e/%2e%2e//evil.example",
      ]) {
        const query = `?redirectTo=${encodeURIComponent(target)}`;
        const page = await h.loader(
          login,
          h.get(`/admin/login${query}`, { cookie: editor.cookie }),
        );
        expect(page.location, target).toBe("/admin/dashboard");
        const signedIn = await loginPost({
          username: editor.username,
          password: editor.password,
          redirectTo: target,
        });
        expect(signedIn.location, target).toBe("/admin/dashboard");
      }
      const normalised = await h.loader(
        login,
        h.get("/admin/login?redirectTo=/admin/careers/../users", { cookie: editor.cookie }),
      );
      expect(normalised.location).toBe("/admin/users");
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

    it("locks an account at an address after 5 failed attempts there: 429 with Retry-After, even for the right password", async () => {
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
          // From the same address: a lock holds per account and address (decision 0015).
          headers: {
            "content-type": "application/json",
            origin: BASE_URL,
            [CLIENT_ADDRESS_HEADER]: CLIENT_ADDRESS,
          },
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
