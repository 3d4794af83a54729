import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEnquiry, setEnquiryStatus } from "~/modules/enquiries/enquiries.server";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { createStaff, signInCookie, type TestStaff } from "../support/auth";
import type { TestServer } from "../support/server";
import { signedInAdmin, startSite, stillSignedIn, toast, withDatabase } from "./admin-staff-kit";

/* Users, settings (maintenance, analytics), the activity log and the dashboard, as an admin. */

describe("staff administration", () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestStaff;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser } = await startSite());
    ({ admin, page } = await signedInAdmin(browser, server));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe("users (admins only)", () => {
    it("adds a staff member, who can then sign in; the password policy applies", async () => {
      await page.goto(`${server.url}/admin/users`);
      const form = page.locator("form", {
        has: page.getByRole("button", { name: "Add staff member" }),
      });
      await form.getByLabel("Name", { exact: true }).fill("Ravi Kumar");
      await form.getByLabel("Username", { exact: true }).fill("ravi.k");
      await form.getByLabel("E-mail").fill("ravi@example.in");
      await form.getByLabel("Role").selectOption("editor");
      await form.locator('input[name="password"]').fill("qwerty123456");
      await form.locator('input[name="confirmPassword"]').fill("qwerty123456");
      await form.getByRole("button", { name: "Add staff member" }).click();
      await toast(page, /^Error adding staff account/).waitFor();
      await form.getByText(/too common/).waitFor();
      await expect(form.getByLabel("Username", { exact: true }).inputValue()).resolves.toBe(
        "ravi.k",
      );

      await form.locator('input[name="password"]').fill("saffron kite harbour 9");
      await form.locator('input[name="confirmPassword"]').fill("saffron kite harbour 9");
      await form.getByRole("button", { name: "Add staff member" }).click();
      await toast(page, 'Staff account "ravi.k" added successfully!').waitFor();
      await page.getByRole("article", { name: "Ravi Kumar" }).waitFor();

      const ravi = { username: "ravi.k", password: "saffron kite harbour 9" } as TestStaff;
      expect((await signInCookie(server, ravi)).length).toBeGreaterThan(0);

      // Taken usernames are refused, per field.
      await form.getByLabel("Name", { exact: true }).fill("Another Ravi");
      await form.getByLabel("Username", { exact: true }).fill("RAVI.K");
      await form.getByLabel("E-mail").fill("other@example.in");
      // A new staff member has no role chosen for them (the select starts empty).
      await form.getByLabel("Role").selectOption("editor");
      await form.locator('input[name="password"]').fill("saffron kite harbour 9");
      await form.locator('input[name="confirmPassword"]').fill("saffron kite harbour 9");
      await form.getByRole("button", { name: "Add staff member" }).click();
      await form.getByText("This username is already taken").waitFor();
    });

    it("changes a role, disables (signing them out), enables, resets a password and removes", async () => {
      const staff = await createStaff(server, "editor");
      const cookie = await signInCookie(server, staff);
      await page.goto(`${server.url}/admin/users`);
      const card = page.getByRole("article", { name: staff.username });

      await card.getByLabel("Role").selectOption("admin");
      await card.getByRole("button", { name: /^Change role/ }).click();
      await toast(page, `Role of "${staff.username}" updated successfully!`).waitFor();
      await expect.poll(() => card.locator('[data-badge="role"]').textContent()).toBe("Admin");

      await card.getByRole("button", { name: `Disable ${staff.username}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
      await toast(page, `Account "${staff.username}" disabled successfully!`).waitFor();
      expect(await stillSignedIn(server, cookie)).toBe(false);
      await expect(signInCookie(server, staff)).rejects.toThrow();

      await card.getByRole("button", { name: `Enable ${staff.username}` }).click();
      await toast(page, `Account "${staff.username}" enabled successfully!`).waitFor();
      const fresh = await signInCookie(server, staff);

      await card.getByText("Reset password").click();
      // Not one built from the account's own username.
      await card.locator('input[name="password"]').fill(`${staff.username} lotus 7`);
      await card.locator('input[name="confirmPassword"]').fill(`${staff.username} lotus 7`);
      await card.getByRole("button", { name: "Set new password" }).click();
      await card
        .getByText("Do not build your password from your username, e-mail or name")
        .waitFor();
      await card.locator('input[name="password"]').fill("lotus engine violet 77");
      await card.locator('input[name="confirmPassword"]').fill("lotus engine violet 77");
      await card.getByRole("button", { name: "Set new password" }).click();
      await toast(page, "reset successfully! Their sessions were signed out.").waitFor();
      expect(await stillSignedIn(server, fresh)).toBe(false);
      await expect(signInCookie(server, staff)).rejects.toThrow();
      expect(
        (await signInCookie(server, { ...staff, password: "lotus engine violet 77" })).length,
      ).toBeGreaterThan(0);

      await card.getByRole("button", { name: `Remove ${staff.username}` }).click();
      await expect(
        page
          .getByRole("alertdialog")
          .getByText(/^Are you sure/)
          .textContent(),
      ).resolves.toMatch(/^Are you sure you want to remove this staff account\?/);
      await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
      await toast(page, `Account "${staff.username}" removed successfully!`).waitFor();
      await expect.poll(() => card.count()).toBe(0);
    });

    it("never offers to disable or remove one's own account, and keeps the last admin", async () => {
      await page.goto(`${server.url}/admin/users`);
      const own = page.getByRole("article", { name: new RegExp(`^${admin.username}`) });
      await own.getByText("(you)").waitFor();
      await expect(own.getByRole("button").count()).resolves.toBe(0);
      // Even a hand-made request is refused.
      const cookie = await signInCookie(server, admin);
      const response = await fetch(`${server.url}/admin/users`, {
        method: "POST",
        headers: {
          cookie,
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "remove", id: admin.id, confirmed: "yes" }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("You cannot remove your own account");
    });
  });

  describe("settings (admins only)", () => {
    it("saves the general settings, used across the site at once, with field messages", async () => {
      await page.goto(`${server.url}/admin/settings`);
      await page.getByLabel("Contact e-mail", { exact: true }).fill("not-an-address");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await toast(page, /^Error saving settings/).waitFor();
      await page.getByText("Enter a valid e-mail address").waitFor();

      await page.getByLabel("Contact e-mail", { exact: true }).fill("hello@kapoor-rewards.in");
      await page.getByLabel("Site name").fill("Kapoor Rewards Advisory");
      await page.getByLabel("Phone").fill("+91 98100 00000");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await toast(page, "Settings saved successfully!").waitFor();
      const home = await (await fetch(server.url)).text();
      expect(home).toContain("Kapoor Rewards Advisory");
      expect(home).toContain("hello@kapoor-rewards.in");
    });

    it("puts the public site into maintenance (503) while the admin keeps working", async () => {
      await page.goto(`${server.url}/admin/settings`);
      await expect(page.getByLabel("Maintenance mode").isChecked()).resolves.toBe(false);
      await page.getByLabel("Maintenance mode").check();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await toast(page, "Settings saved successfully!").waitFor();
      expect((await fetch(server.url)).status).toBe(503);
      expect((await fetch(`${server.url}/services`)).status).toBe(503);
      await page.goto(`${server.url}/admin/dashboard`);
      await page.getByText("Maintenance mode is on").waitFor();

      await page.goto(`${server.url}/admin/settings`);
      await page.getByLabel("Maintenance mode").uncheck();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await toast(page, "Settings saved successfully!").waitFor();
      expect((await fetch(server.url)).status).toBe(200);
    });

    it("counts page views without cookies while analytics are on, and nothing while off", async () => {
      // Crawlers are not counted, and headless Chromium says it is one: look like a person.
      const visitor = await browser.newContext({
        userAgent:
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
      });
      const visit = await visitor.newPage();
      const counted = () =>
        withDatabase(server, async (db) =>
          Number(
            (
              await db
                .selectFrom("pageViews")
                .select((eb) => eb.fn.sum<number>("views").as("views"))
                .where("path", "=", "/careers")
                .executeTakeFirst()
            )?.views ?? 0,
          ),
        );
      const settle = async () => {
        await visit.waitForLoadState("networkidle");
        await new Promise((resolve) => setTimeout(resolve, 500));
      };
      await visit.goto(`${server.url}/careers`);
      await expect.poll(counted).toBe(1);
      await settle();
      expect(await counted()).toBe(1);
      // A client-side navigation counts too (from a page that hydrates; decision 0067).
      await visit.goto(`${server.url}/contact`);
      await visit.waitForLoadState("networkidle");
      await visit.evaluate(() => {
        const link = [...document.querySelectorAll("a")].find(
          (a) => a.getAttribute("href") === "/careers",
        );
        link?.click();
      });
      await visit.waitForURL(`${server.url}/careers`);
      await expect.poll(counted).toBe(2);
      await settle();
      expect(await counted()).toBe(2);
      expect(await visitor.cookies()).toEqual([]);
      // A crawler (headless Chromium says it is one) is not counted.
      const crawler = await browser.newPage();
      await crawler.goto(`${server.url}/careers`);
      await crawler.waitForLoadState("networkidle");
      await crawler.close();

      await page.goto(`${server.url}/admin/dashboard`);
      const topPages = page.getByRole("region", { name: "Top pages" });
      await topPages.getByText("/careers").waitFor();

      await page.goto(`${server.url}/admin/settings`);
      await page.getByLabel("Analytics").uncheck();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await toast(page, "Settings saved successfully!").waitFor();
      await visit.goto(`${server.url}/careers`);
      await settle();
      expect(await counted()).toBe(2);
      await page.goto(`${server.url}/admin/dashboard`);
      await page.getByText("Analytics are switched off in Settings").waitFor();
      await visitor.close();
    });
  });

  describe("the activity log", () => {
    it("records who changed what, and filters by area and text", async () => {
      await page.goto(`${server.url}/admin/activity`);
      const table = page.getByRole("table");
      await table.getByText("Changed settings: Site name, Contact e-mail, Phone").waitFor();
      await table.getByText(`Added the editor account "ravi.k"`).waitFor();
      await page.getByLabel("Area").selectOption("settings");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/type=settings/);
      // The URL changes before the filtered rows render.
      const areaCells = table.locator("tbody tr td:nth-child(4)");
      await expect
        .poll(async () => {
          const areas = await areaCells.allTextContents();
          return areas.length > 0 && areas.every((area) => area.startsWith("Settings"));
        })
        .toBe(true);
      await page.getByLabel("Search").fill("maintenance");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/q=maintenance/);
      await expect.poll(() => table.locator("tbody tr").count()).toBe(2);
      await page.getByRole("link", { name: "Clear" }).click();
      await page.waitForURL(`${server.url}/admin/activity`);
    });
  });

  describe("the dashboard", () => {
    it("shows real figures: counts, enquiries per week by status in the inbox's words, e-mails, activity", async () => {
      await withDatabase(server, async (db) => {
        const input = enquiryInputSchema.parse({
          firstName: "Meera",
          lastName: "Iyer",
          email: "meera@example.in",
          company: "Iyer Tech",
        });
        for (let i = 0; i < 3; i++) await createEnquiry(db, input);
        const contacted = await createEnquiry(db, input);
        await setEnquiryStatus(db, contacted.id, "contacted", null);
      });
      await page.goto(`${server.url}/admin/dashboard`);
      const stat = (label: string) => page.locator(`[data-stat="${label}"]`).textContent();
      await expect(stat("Services")).resolves.toBe("6");
      await expect(stat("New Enquiries")).resolves.toBe("3");
      await expect(stat("Content Pages")).resolves.toBe("6");
      await expect(stat("Career Openings")).resolves.toBe("0");
      const byStatus = page.getByRole("region", { name: "Enquiries by status" });
      // One word for a status wherever staff read it (issue 24): the inbox's "Contacted".
      await expect(byStatus.getByText("Contacted").count()).resolves.toBe(1);
      await expect(byStatus.getByText("In Progress").count()).resolves.toBe(0);
      await page.getByText("Show the figures as a table").click();
      const weeks = page.getByRole("table", { name: "Enquiries per week by status" });
      await expect(weeks.locator("tbody tr").count()).resolves.toBe(12);
      await expect(
        weeks.locator("tbody tr").last().locator("td").allTextContents(),
      ).resolves.toEqual(["3", "1", "0", "0"]);
      await page
        .getByRole("img", { name: /^Bar chart of enquiries per week/ })
        .locator("svg")
        .first()
        .waitFor();
      const recent = page.getByRole("region", { name: "Recent activity" });
      await recent.getByText("Changed settings", { exact: false }).first().waitFor();
    });
  });
});
