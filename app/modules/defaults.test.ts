import { describe, expect, it } from "vitest";
import { PAGE_KEYS, pageContentSchema } from "./pages/page.schema";
import { DEFAULT_PAGES } from "./pages/pages.defaults";
import { serviceSchema } from "./services/service.schema";
import { DEFAULT_SERVICES } from "./services/services.defaults";
import { DEFAULT_GENERAL_SETTINGS } from "./settings/settings.defaults";
import { generalSettingsSchema } from "./settings/settings.schema";

/** Every string found anywhere inside a value (objects and arrays walked recursively). */
function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, out);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) collectStrings(item, out);
  }
  return out;
}

describe("default services", () => {
  it("each parses with the service schema", () => {
    for (const service of DEFAULT_SERVICES) {
      const result = serviceSchema.safeParse(service);
      expect(result.success, `${service.id}: ${result.error?.message ?? ""}`).toBe(true);
    }
  });

  it("has the six ids in order", () => {
    expect(DEFAULT_SERVICES.map((s) => s.id)).toEqual([
      "equity",
      "executive",
      "variable",
      "benefits",
      "benchmarking",
      "rewards",
    ]);
  });

  it("has 7, 6, 6, 7, 7 and 9 sub-services", () => {
    expect(DEFAULT_SERVICES.map((s) => s.subServices.length)).toEqual([7, 6, 6, 7, 7, 9]);
  });

  it("has a five- or six-step process for each service", () => {
    for (const service of DEFAULT_SERVICES) {
      expect(service.process.length).toBeGreaterThanOrEqual(5);
      expect(service.process.length).toBeLessThanOrEqual(6);
    }
  });
});

describe("default pages", () => {
  it("has every page key and each parses with the page schema", () => {
    for (const key of PAGE_KEYS) {
      expect(DEFAULT_PAGES[key]).toBeDefined();
      const result = pageContentSchema.safeParse(DEFAULT_PAGES[key]);
      expect(result.success, `${key}: ${result.error?.message ?? ""}`).toBe(true);
    }
  });

  it("has the home hero title", () => {
    expect(DEFAULT_PAGES.home.hero.title).toBe("People. Purpose. Pay. Perfectly Aligned.");
  });

  it("has the three-step methodology on the services page", () => {
    expect(DEFAULT_PAGES.services.process?.steps.map((s) => s.title)).toEqual([
      "Discovery and Assessment",
      "Strategy and Design",
      "Implementation and Support",
    ]);
  });
});

describe("default general settings", () => {
  it("parses with the settings schema", () => {
    const result = generalSettingsSchema.safeParse(DEFAULT_GENERAL_SETTINGS);
    expect(result.success, result.error?.message ?? "").toBe(true);
  });

  it("has maintenance off and analytics on", () => {
    expect(DEFAULT_GENERAL_SETTINGS.maintenanceMode).toBe(false);
    expect(DEFAULT_GENERAL_SETTINGS.analyticsEnabled).toBe(true);
  });
});

describe("default content text", () => {
  it("contains no placeholder text", () => {
    const strings = collectStrings([DEFAULT_SERVICES, DEFAULT_PAGES, DEFAULT_GENERAL_SETTINGS]);
    expect(strings.length).toBeGreaterThan(0);
    for (const s of strings) {
      expect(s.toLowerCase()).not.toContain("lorem");
    }
  });
});
