import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { updateGeneralSettings } from "~/modules/settings/settings-commands.server";
import { links } from "~/root";
import * as manifestRoute from "~/routes/resources/web-manifest";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { staffAccount } from "../../support/write-path";

/*
 * The web app manifest (issue 22 §4): /manifest.webmanifest, with the site name from Settings
 * (and so a route the page cache refreshes when settings change), the brand's icons and colours.
 */

const root = join(import.meta.dirname, "..", "..", "..");

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** A colour token of the theme in app/app.css. */
const themeColour = (token: string) =>
  readFileSync(join(root, "app/app.css"), "utf8").match(
    new RegExp(`--color-${token}:\\s*(#[0-9a-f]{6})`, "i"),
  )?.[1];

describe.each(DIALECTS)("the web app manifest (%s)", (dialect) => {
  let h: RouteHarness;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  const fetchManifest = async () => {
    const out = await h.loader(manifestRoute, h.get("/manifest.webmanifest"));
    expect(out.status).toBe(200);
    return {
      headers: out.headers,
      manifest: JSON.parse(await out.response!.text()) as Manifest,
    };
  };

  it("is linked from every page (the document's root)", () => {
    expect(links()).toContainEqual({ rel: "manifest", href: "/manifest.webmanifest" });
  });

  it("is served as a manifest the page cache may store, named from Settings", async () => {
    const { headers, manifest } = await fetchManifest();
    expect(headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(headers.get("x-page-cache")).toBe("store");
    expect(manifest).toMatchObject({
      name: DEFAULT_GENERAL_SETTINGS.siteName,
      short_name: "TRC",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
  });

  it("takes the visual identity's colours and the brand icons in 192 and 512 pixels", async () => {
    const { manifest } = await fetchManifest();
    expect(manifest.theme_color).toBe(themeColour("navy-900"));
    expect(manifest.background_color).toBe(themeColour("paper"));
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
    for (const icon of manifest.icons) {
      expect(icon.type).toBe("image/png");
      const file = readFileSync(join(root, "public", icon.src));
      const { width, height, format } = await sharp(file).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format, icon.src).toBe("png");
    }
  });

  it("changes with the site name, a settings write that raises the content version", async () => {
    const admin = await staffAccount(h.db, { username: `manifest-${dialect}`, role: "admin" });
    const version = await readContentVersion(h.db);
    await updateGeneralSettings(h.db, admin, {
      ...DEFAULT_GENERAL_SETTINGS,
      siteName: "Meridian Rewards",
    });
    expect(await readContentVersion(h.db)).toBe(version + 1);
    const { manifest } = await fetchManifest();
    expect(manifest.name).toBe("Meridian Rewards");
    expect(manifest.short_name).toBe("MR");
    await updateGeneralSettings(h.db, admin, { ...DEFAULT_GENERAL_SETTINGS, siteName: "Acme Pay" });
    expect((await fetchManifest()).manifest.short_name).toBe("Acme Pay");
  });
});
