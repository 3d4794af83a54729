import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_PHONE_MESSAGE } from "~/lib/phone-field";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import * as adminLayout from "~/routes/admin/layout";
import * as settings from "~/routes/admin/settings";
import * as contactPage from "~/routes/public/contact";
import * as publicLayout from "~/routes/public/layout";
import * as pageViewBeacon from "~/routes/resources/page-view-beacon";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
  typedValue,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { auditEntries } from "../../support/write-path";

/*
 * Settings (maintenance, analytics) through their loader and action, as an admin uses them; the
 * spec's messages word for word.
 */

describe.each(DIALECTS)("staff administration (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  describe("settings (admins only)", () => {
    const form = (changes: Record<string, string> = {}) => {
      const {
        maintenanceMode,
        analyticsEnabled,
        applicationRetentionMonths,
        activityLogRetentionDays,
        publicCountThreshold,
        ...text
      } = DEFAULT_GENERAL_SETTINGS;
      return {
        ...text,
        applicationRetentionMonths: String(applicationRetentionMonths),
        activityLogRetentionDays: String(activityLogRetentionDays),
        publicCountThreshold: String(publicCountThreshold),
        ...(maintenanceMode ? { maintenanceMode: "on" } : {}),
        ...(analyticsEnabled ? { analyticsEnabled: "on" } : {}),
        ...changes,
      } as Record<string, string>;
    };
    const save = (fields: Record<string, string | number>) =>
      h.action(
        settings,
        h.post(
          "/admin/settings",
          Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
          { cookie: admin.cookie },
        ),
      );

    it("loads the general settings", async () => {
      const out = await h.loader(settings, h.get("/admin/settings", { cookie: admin.cookie }));
      expect(out.data).toEqual({ settings: await getGeneralSettings(h.db) });
    });

    it("checks each field, keeping what was typed, and saves nothing then", async () => {
      const before = await auditEntries(h.db);
      const out = await save(form({ email: "not-an-address", siteName: "Typed name" }));
      expect(out.status).toBe(400);
      expect(String((out.data as { message: string }).message)).toMatch(/^Error saving settings/);
      expect(fieldMessage(out.data, "email")).toBe("Enter a valid e-mail address");
      expect(typedValue(out.data, "email")).toBe("not-an-address");
      expect(typedValue(out.data, "siteName")).toBe("Typed name");
      expect((await getGeneralSettings(h.db)).siteName).toBe(DEFAULT_GENERAL_SETTINGS.siteName);
      expect(await auditEntries(h.db)).toEqual(before);
    });

    it("keeps the activity log at least a year: refuses fewer days, saves more (issue 27)", async () => {
      const before = await auditEntries(h.db);
      const short = await save(form({ activityLogRetentionDays: "90" }));
      expect(short.status).toBe(400);
      expect(fieldMessage(short.data, "activityLogRetentionDays")).toBe(
        "Enter a whole number of days from 365 to 3650: the law asks for at least one year",
      );
      expect(typedValue(short.data, "activityLogRetentionDays")).toBe("90");
      expect(await auditEntries(h.db)).toEqual(before);

      const out = await save(form({ activityLogRetentionDays: "730" }));
      expect(out.data).toMatchObject({ message: "Settings saved successfully!" });
      expect((await getGeneralSettings(h.db)).activityLogRetentionDays).toBe(730);
      expect((await auditEntries(h.db)).at(-1)?.summary).toBe(
        "Changed settings: Keep the activity log for (days)",
      );
      await save(form());
    });

    it("saves the settings, used by the public layout at once; audited by field", async () => {
      const out = await save(
        form({
          email: "hello@kapoor-rewards.in",
          siteName: "Kapoor Rewards Advisory",
          phone: "+91 98100 00000",
        }),
      );
      expect(out.data).toMatchObject({ message: "Settings saved successfully!" });
      const site = await h.loader<{ site: { siteName: string; email: string; phone: string } }>(
        publicLayout,
        h.get("/"),
        { context: await h.publicContext() },
      );
      expect(site.data.site).toMatchObject({
        siteName: "Kapoor Rewards Advisory",
        email: "hello@kapoor-rewards.in",
        phone: "+91 98100 00000",
      });
      expect((await auditEntries(h.db)).at(-1)).toMatchObject({
        actorId: admin.id,
        summary: "Changed settings: Site name, Contact e-mail, Phone",
      });
    });

    it("puts the public site into maintenance (503) while the admin keeps working", async () => {
      const current = await getGeneralSettings(h.db);
      const { maintenanceMode: _m, analyticsEnabled: _a, ...text } = current;
      const on = await save({
        ...text,
        maintenanceMode: "on",
        ...(current.analyticsEnabled ? { analyticsEnabled: "on" } : {}),
      });
      expect(on.data).toMatchObject({ message: "Settings saved successfully!" });
      const closed = await h.loader(publicLayout, h.get("/services"), {
        context: await h.publicContext(),
      });
      expect(closed.status).toBe(503);
      expect(closed.data).toMatchObject({ siteName: current.siteName, email: current.email });
      const layout = await h.loader<{ maintenanceMode: boolean }>(
        adminLayout,
        h.get("/admin/dashboard", { cookie: admin.cookie }),
      );
      expect(layout.status).toBe(200);
      expect(layout.data.maintenanceMode).toBe(true);

      const off = await save({
        ...text,
        ...(current.analyticsEnabled ? { analyticsEnabled: "on" } : {}),
      });
      expect(off.status).toBe(200);
      const open = await h.loader(publicLayout, h.get("/"), { context: await h.publicContext() });
      expect(open.status).toBe(200);
      expect((await auditEntries(h.db)).at(-1)?.summary).toMatch(/^Changed settings: /);
    });

    it("refuses a phone that is not a phone number, keeping what was typed", async () => {
      const before = await getGeneralSettings(h.db);
      for (const phone of ["12", "+91 1", "call reception"]) {
        const out = await save(form({ phone }));
        expect(out.status, phone).toBe(400);
        expect(fieldMessage(out.data, "phone"), phone).toBe(INVALID_PHONE_MESSAGE);
        expect(typedValue(out.data, "phone")).toBe(phone);
      }
      expect(fieldMessage((await save(form({ phone: " " }))).data, "phone")).toBe(
        "Phone is required",
      );
      expect(await getGeneralSettings(h.db)).toEqual(before);
    });

    it("stores a number typed the Indian way as +91 98765 43210, shown so on public pages", async () => {
      const out = await save(form({ phone: "098765 43210" }));
      expect(out.data).toMatchObject({ message: "Settings saved successfully!" });
      expect((await getGeneralSettings(h.db)).phone).toBe("+91 98765 43210");
      const page = await h.loader<{ contact: { phone: string } }>(contactPage, h.get("/contact"), {
        context: await h.publicContext(),
      });
      expect(page.data.contact.phone).toBe("+91 98765 43210");
      // The form shows what was saved; saving it again is no change and records nothing.
      const entries = await auditEntries(h.db);
      await save(form({ phone: "+91 98765 43210" }));
      expect(await auditEntries(h.db)).toEqual(entries);
      await save(form());
    });

    it("keeps the other settings when a phone saved before numbers were checked is stored", async () => {
      const stored = async (phone: string) =>
        h.db
          .updateTable("settings")
          .set({
            value: JSON.stringify({ ...DEFAULT_GENERAL_SETTINGS, siteName: "Legacy", phone }),
          })
          .where("id", "=", "general")
          .execute();
      await stored("12");
      expect(await getGeneralSettings(h.db)).toMatchObject({ siteName: "Legacy", phone: "12" });
      await stored("+91-98100-00000");
      expect(await getGeneralSettings(h.db)).toMatchObject({
        siteName: "Legacy",
        phone: "+91 98100 00000",
      });
      await save(form());
      expect(await getGeneralSettings(h.db)).toEqual(DEFAULT_GENERAL_SETTINGS);
    });

    it("counts page views, not a crawler's, while analytics are on, and nothing while off", async () => {
      const person =
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
      const beacon = (userAgent: string) =>
        h.action(
          pageViewBeacon,
          h.post("/api/page-view", { path: "/careers" }, { headers: { "user-agent": userAgent } }),
        );
      const counted = async () =>
        Number(
          (
            await h.db
              .selectFrom("pageViews")
              .select((eb) => eb.fn.sum<number>("views").as("views"))
              .where("path", "=", "/careers")
              .executeTakeFirst()
          )?.views ?? 0,
        );
      const current = await getGeneralSettings(h.db);
      const { maintenanceMode: _m, analyticsEnabled: _a, ...settings } = current;
      const text = Object.fromEntries(
        Object.entries(settings).map(([name, value]) => [name, String(value)]),
      );
      await save({ ...text, analyticsEnabled: "on" });
      const answer = await beacon(person);
      expect(answer.status).toBe(204);
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect(await counted()).toBe(1);
      await beacon("Mozilla/5.0 HeadlessChrome/140.0.0.0 Safari/537.36");
      expect(await counted()).toBe(1);
      expect((await h.loader(pageViewBeacon, h.get("/api/page-view"))).status).toBe(405);

      await save(text);
      expect((await beacon(person)).status).toBe(204);
      expect(await counted()).toBe(1);
    });
  });
});
