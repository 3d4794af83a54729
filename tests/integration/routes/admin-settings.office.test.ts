import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_LAYOUT_ID } from "~/lib/seo";
import { INVALID_WHATSAPP_MESSAGE } from "~/lib/whatsapp-field";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import * as settings from "~/routes/admin/settings";
import * as contactPage from "~/routes/public/contact";
import * as publicLayout from "~/routes/public/layout";
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
 * The office address and the WhatsApp number (settings, decision 0029): saved through the
 * Settings action with a message per field, shown on the contact page with a directions link and
 * a chat link, and in the structured data as a PostalAddress.
 */

const OFFICE = {
  officeStreet: "Kapoor Chambers, 3rd Floor\n14 Residency Road",
  officeCity: "Bengaluru",
  officeState: "Karnataka",
  officePinCode: "560025",
};

/** The public layout's part the page relies on: its loader data, read by the blocks' hook. */
function LayoutOutlet() {
  return createElement(Outlet);
}

/** The contact page as the server renders it inside the public layout, from their loaders' data. */
function renderContact(layoutData: unknown, pageData: unknown): string {
  const Stub = createRoutesStub([
    {
      id: PUBLIC_LAYOUT_ID,
      Component: LayoutOutlet,
      children: [
        {
          id: "contact",
          path: "/contact",
          Component: contactPage.default as unknown as ComponentType,
        },
      ],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/contact"],
      hydrationData: { loaderData: { [PUBLIC_LAYOUT_ID]: layoutData, contact: pageData } },
    }),
  );
}

describe.each(DIALECTS)("office address and WhatsApp settings (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  const form = (changes: Record<string, string> = {}) => {
    const {
      maintenanceMode: _maintenance,
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
      ...(analyticsEnabled ? { analyticsEnabled: "on" } : {}),
      ...changes,
    };
  };
  const save = (fields: Record<string, string>) =>
    h.action(settings, h.post("/admin/settings", fields, { cookie: admin.cookie }));
  const publicPages = async () => {
    const context = await h.publicContext();
    const layout = await h.loader<{ site: Record<string, unknown> }>(publicLayout, h.get("/"), {
      context,
    });
    const contact = await h.loader(contactPage, h.get("/contact"), { context });
    return { layout: layout.data, contact: contact.data };
  };

  it("refuses a bad PIN code and a landline for WhatsApp, one message each, keeping what was typed", async () => {
    const before = { settings: await getGeneralSettings(h.db), audit: await auditEntries(h.db) };
    const version = await readContentVersion(h.db);
    const out = await save(
      form({ ...OFFICE, officePinCode: "5600", whatsappNumber: "011 4000 0000", officeCity: " " }),
    );
    expect(out.status).toBe(400);
    expect(fieldMessage(out.data, "officePinCode")).toBe(
      "Enter a 6-digit PIN code, such as 110001",
    );
    expect(fieldMessage(out.data, "whatsappNumber")).toBe(INVALID_WHATSAPP_MESSAGE);
    expect(fieldMessage(out.data, "officeCity")).toBe("City is required");
    expect(typedValue(out.data, "officePinCode")).toBe("5600");
    expect(typedValue(out.data, "whatsappNumber")).toBe("011 4000 0000");
    expect(typedValue(out.data, "officeStreet")).toBe(OFFICE.officeStreet);
    for (const officePinCode of ["056002", "56002A", "5600255"]) {
      const refused = await save(form({ ...OFFICE, officePinCode }));
      expect(fieldMessage(refused.data, "officePinCode"), officePinCode).toBe(
        "Enter a 6-digit PIN code, such as 110001",
      );
    }
    const badState = await save(form({ ...OFFICE, officeState: "Narnia" }));
    expect(fieldMessage(badState.data, "officeState")).toBe("Choose a state or union territory");
    const tooLong = await save(form({ ...OFFICE, officeStreet: "a\nb\nc\nd" }));
    expect(fieldMessage(tooLong.data, "officeStreet")).toBe("Use at most three lines");
    expect(await getGeneralSettings(h.db)).toEqual(before.settings);
    expect(await auditEntries(h.db)).toEqual(before.audit);
    expect(await readContentVersion(h.db)).toBe(version);
  });

  it("saves the address and a WhatsApp number, audited, and raises the content version", async () => {
    const version = await readContentVersion(h.db);
    const out = await save(form({ ...OFFICE, whatsappNumber: "098765 43210" }));
    expect(out.data).toMatchObject({ message: "Settings saved successfully!" });
    expect(await getGeneralSettings(h.db)).toMatchObject({
      ...OFFICE,
      whatsappNumber: "+91 98765 43210",
    });
    expect(await readContentVersion(h.db)).toBeGreaterThan(version);
    expect((await auditEntries(h.db)).at(-1)).toMatchObject({
      actorId: admin.id,
      summary:
        "Changed settings: Office street address, Office city, Office state, Office PIN code, WhatsApp number",
    });
  });

  it("shows the address with Get directions and the WhatsApp chat link on the contact page", async () => {
    const { layout, contact } = await publicPages();
    expect(layout.site).toMatchObject({
      officeAddress: {
        streetLines: ["Kapoor Chambers, 3rd Floor", "14 Residency Road"],
        city: "Bengaluru",
        state: "Karnataka",
        pinCode: "560025",
        country: "India",
      },
      whatsappNumber: "+91 98765 43210",
    });
    const html = renderContact(layout, contact);
    const address = /<address[^>]*>([\s\S]*?)<\/address>/.exec(html)?.[1] ?? "";
    expect(address.split("\n")).toEqual([
      "Kapoor Chambers, 3rd Floor",
      "14 Residency Road",
      "Bengaluru, Karnataka 560025",
      "India",
    ]);
    const destination = encodeURIComponent(
      "Kapoor Chambers, 3rd Floor, 14 Residency Road, Bengaluru, Karnataka 560025, India",
    );
    expect(html).toContain(
      `href="https://www.google.com/maps/dir/?api=1&amp;destination=${destination}" target="_blank" rel="noopener"`,
    );
    expect(html).toContain("Get directions<span");
    expect(html).toContain("opens Google Maps in a new tab");
    expect(html).toMatch(/href="https:\/\/wa\.me\/919876543210\?text=Hello[^"]*"/);
    expect(html).toContain("Chat on WhatsApp");
  });

  it("describes the office as a schema.org PostalAddress in the structured data", async () => {
    const { layout } = await publicPages();
    const tags = contactPage.meta({
      matches: [{ id: PUBLIC_LAYOUT_ID, loaderData: layout }],
    } as unknown as Parameters<typeof contactPage.meta>[0]);
    const blocks = tags.flatMap((tag) =>
      "script:ld+json" in tag ? [tag["script:ld+json"] as Record<string, unknown>] : [],
    );
    const firm = blocks.find((block) => block["@type"] === "ProfessionalService");
    expect(firm?.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Kapoor Chambers, 3rd Floor, 14 Residency Road",
      addressLocality: "Bengaluru",
      addressRegion: "Karnataka",
      postalCode: "560025",
      addressCountry: "IN",
    });
    // The page's description names the office's city from the same setting.
    const description = tags.find((tag) => "name" in tag && tag.name === "description");
    expect(description).toMatchObject({
      content: expect.stringContaining("from our Bengaluru office."),
    });
  });

  it("turns WhatsApp off with an empty number: no chat link", async () => {
    const out = await save(form({ ...OFFICE, whatsappNumber: "" }));
    expect(out.data).toMatchObject({ message: "Settings saved successfully!" });
    const { layout, contact } = await publicPages();
    const html = renderContact(layout, contact);
    expect(html).not.toContain("wa.me");
    expect(html).toContain("Get directions");
    await save(form());
    expect(await getGeneralSettings(h.db)).toEqual(DEFAULT_GENERAL_SETTINGS);
  });
});
