import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildScripts } from "./public-measure";

/*
 * What staff's lists download: a list shows statuses and names, so it needs their labels, not
 * the phone number's metadata (libphonenumber, 117 KB) that the forms check numbers with. Both
 * used to arrive through the forms' rules (enquiry.schema, booking.schema) that the labels lived
 * beside; the labels now have modules of their own (enquiry-options, booking-statuses).
 */

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const { closure } = buildScripts(BUILD_DIR);

/** The text of every script a route's page loads, by file. */
function scriptsOf(route: string): Map<string, string> {
  const files = closure([`app/routes/${route}?__react-router-build-client-route`]);
  expect(files.size, `${route} is in the build`).toBeGreaterThan(0);
  return new Map(
    [...files].map((file) => [file, readFileSync(join(BUILD_DIR, "client", file), "utf8")]),
  );
}

/** libphonenumber's metadata: every copy of it names this key. */
const PHONE_METADATA = "country_calling_codes";

describe("the scripts of staff's lists", () => {
  it.each([
    "admin/enquiries.tsx",
    "admin/bookings.tsx",
    "admin/people.$id.tsx",
    "admin/applications.tsx",
  ])("%s loads no phone number metadata", (route) => {
    for (const [file, text] of scriptsOf(route)) {
      expect(text.includes(PHONE_METADATA), `${route}: ${file}`).toBe(false);
    }
  });

  it("the bookings list loads no zod either", () => {
    for (const [file, text] of scriptsOf("admin/bookings.tsx")) {
      expect(text.includes("ZodError"), file).toBe(false);
    }
  });

  it("the forms that take a phone number still load its rules", () => {
    for (const route of [
      "admin/enquiries.$id.tsx",
      "admin/settings.tsx",
      "admin/bookings.$id.tsx",
    ]) {
      const texts = [...scriptsOf(route).values()];
      expect(
        texts.some((text) => text.includes(PHONE_METADATA)),
        route,
      ).toBe(true);
    }
  });
});
