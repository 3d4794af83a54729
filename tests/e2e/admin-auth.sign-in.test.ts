import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import {
  createStaff,
  signInAs,
  signInCookie,
  signInRequest,
  type TestStaff,
} from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

/* Staff sign-in and sign-out through the login page, in Chromium. */

/** A form post as a browser without JavaScript sends it (same origin unless told otherwise). */
function postForm(
  server: TestServer,
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; origin?: string } = {},
) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: options.origin ?? server.url,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

describe("staff sign-in", () => {
  let server: TestServer;
  let browser: Browser;
  let editor: TestStaff;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    editor = await createStaff(server, "editor");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("sends a visitor to the login page and back to the page they asked for", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/careers`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Admin Login",
    );
    await fillLogin(page, editor.username, editor.password);
    await page.waitForURL(`${server.url}/admin/careers`);
    await page.getByRole("heading", { name: "Careers", level: 1 }).waitFor();
    await page.close();
  });

  it("accepts the e-mail address instead of the username, and lands on the dashboard", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/login`);
    await fillLogin(page, editor.email.toUpperCase(), editor.password);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    // Signed in, the login page sends them on.
    await page.goto(`${server.url}/admin/login`);
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");
    await page.close();
  });

  it('says "Invalid username or password" for any failure, and clears it when the user types', async () => {
    const staff = await createStaff(server, "editor");
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/login`);
    // The message clears on typing only once React runs; the Show button appears with it.
    await page.getByRole("button", { name: "Show password" }).waitFor();
    const alert = page.getByRole("alert");
    for (const [username, password] of [
      [staff.username, "not the right password"],
      ["nobody-at-all", staff.password],
      ["bad name with spaces", "whatever it is"],
    ] as const) {
      await fillLogin(page, username, password);
      await expect(alert.textContent()).resolves.toBe("Invalid username or password");
      expect(new URL(page.url()).pathname).toBe("/admin/login");
      // The username is kept; the password is not.
      await expect(page.getByLabel("Username").inputValue()).resolves.toBe(username);
      // Emptied by an effect after the answer renders.
      await expect.poll(() => page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    }
    await page.getByLabel("Password", { exact: true }).pressSequentially("x");
    await expect.poll(() => alert.count()).toBe(0);
    await page.close();
  });

  it('shows "Signing In..." while it works, and lets the password be shown', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.waitForLoadState("networkidle");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret words here");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password.getAttribute("type")).resolves.toBe("text");
    await expect(
      page.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password.getAttribute("type")).resolves.toBe("password");

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin/login.data**", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Username").fill(editor.username);
    await password.fill(editor.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    const busy = page.getByRole("button", { name: "Signing In..." });
    await busy.waitFor();
    await expect(busy.isDisabled()).resolves.toBe(true);
    release();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.close();
  });

  it("signs in without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await expect(page.getByRole("button", { name: "Show password" }).count()).resolves.toBe(0);
    await fillLogin(page, editor.username, "a wrong password");
    await expect(page.getByRole("alert").textContent()).resolves.toBe(
      "Invalid username or password",
    );
    await fillLogin(page, editor.username, editor.password);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await context.close();
  });

  it("locks an account after 5 failed attempts: 429 with Retry-After, even for the right password", async () => {
    const victim = await createStaff(server, "editor");
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByRole("button", { name: "Show password" }).waitFor();
    const password = page.getByLabel("Password", { exact: true });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await fillLogin(page, victim.username, `wrong password number ${attempt}`);
      // The password is emptied once the answer has arrived.
      await expect.poll(() => password.inputValue()).toBe("");
      await expect(page.getByRole("alert").textContent()).resolves.toBe(
        "Invalid username or password",
      );
    }
    await fillLogin(page, victim.username, victim.password);
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.close();

    // A form post and the auth API answer alike: 429 with Retry-After, by username or e-mail.
    const form = await postForm(server, "/admin/login", {
      username: victim.email,
      password: victim.password,
    });
    expect(form.status).toBe(429);
    const retryAfter = Number(form.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const api = await signInRequest(server, victim);
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other accounts are not affected.
    expect((await signInCookie(server, editor)).length).toBeGreaterThan(0);
  });

  it("lets a locked-out member unlock sign-in with a link e-mailed to them, once", async () => {
    const victim = await createStaff(server, "editor");
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByRole("button", { name: "Show password" }).waitFor();
    const password = page.getByLabel("Password", { exact: true });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await fillLogin(page, victim.username, `wrong password number ${attempt}`);
      await expect.poll(() => password.inputValue()).toBe("");
    }
    await fillLogin(page, victim.username, victim.password);
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Too many failed sign-in attempts. Try again in 15 minutes.");

    await page.getByRole("button", { name: "E-mail me an unlock link" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "an unlock link is on its way to its e-mail address" })
      .waitFor();
    // The mail waits in the outbox (no SMTP server here): its link is what the person opens.
    const unlockLink = async () => {
      const database = openDatabase(server.databaseUrl);
      try {
        const mail = await database.db
          .selectFrom("mailOutbox")
          .select("textBody")
          .where("kind", "=", "sign_in_unlock")
          .where("toAddress", "=", victim.email)
          .executeTakeFirst();
        return mail?.textBody.match(/http\S+\/admin\/unlock\?token=[\w-]+/)?.[0] ?? null;
      } finally {
        await database.close();
      }
    };
    await expect.poll(unlockLink).not.toBeNull();
    const link = String(await unlockLink());
    expect(link.startsWith(`${server.url}/admin/unlock?token=`)).toBe(true);

    // Opening the link shows one button and changes nothing until it is pressed.
    await page.goto(link);
    await page.getByRole("heading", { name: "Unlock sign-in", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Unlock sign-in" }).click();
    await page.waitForURL(`${server.url}/admin/login?unlocked=1`);
    await page
      .getByRole("status")
      .filter({ hasText: "Sign-in is unlocked. You can sign in now." })
      .waitFor();
    await fillLogin(page, victim.username, victim.password);
    await page.waitForURL(`${server.url}/admin/dashboard`);

    // The link worked once.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByText("This unlock link has expired or was already used.").waitFor();
    await expect(again.getByRole("button", { name: "Unlock sign-in" }).count()).resolves.toBe(0);
    await again.close();
    await page.close();
  });

  it("ends the session on sign-out: the old cookie no longer opens anything", async () => {
    const context = await browser.newContext();
    await signInAs(context, server, "admin");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    const cookie = (await context.cookies(server.url))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(/\/admin\/login\?signedOut=1$/);
    await page.getByRole("status").filter({ hasText: "You have signed out." }).waitFor();
    await page.goto(`${server.url}/admin/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    const replay = await fetch(`${server.url}/admin/dashboard`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/^\/admin\/login/);
    await context.close();
  });

  it("grants nothing for the original's local-storage flag", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.evaluate(() => {
      for (const key of [
        "adminAuthenticated",
        "isAdminAuthenticated",
        "isAuthenticated",
        "admin",
      ]) {
        localStorage.setItem(key, "true");
      }
    });
    for (const path of ["/admin", "/admin/dashboard", "/admin/services", "/admin/users"]) {
      await page.goto(`${server.url}${path}`);
      expect(new URL(page.url()).pathname, path).toBe("/admin/login");
    }
    await context.close();
  });
});
