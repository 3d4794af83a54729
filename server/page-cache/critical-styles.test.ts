import { describe, expect, it } from "vitest";
import { classesInMarkup, withCriticalStyles } from "./critical-markup.ts";
import { trimStylesheet } from "./critical-styles.ts";

/*
 * The trimmed stylesheet of a stored page (decision 0051): never a rule too few for the page's
 * markup. tests/e2e/critical-styles.test.ts checks every public page in Chromium against the
 * whole stylesheet; these cases pin the rules of the trimming itself.
 */

const CSS = [
  "/*! licence */",
  "@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-navy-900:#152445;--color-red-500:red;--font-sans:ui-sans-serif;--default-font-family:var(--font-sans)}}",
  "@layer base{html,:host{font-family:var(--default-font-family)}table,time,.figures{font-variant-numeric:tabular-nums}}",
  "@layer utilities{.bg-navy-900{background-color:var(--color-navy-900)}.text-red-500{color:var(--color-red-500)}",
  ".sm\\:mt-6{margin-top:1.5rem}.\\[\\&_h2\\]\\:mt-4 h2{margin-top:1rem}.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}",
  ".slot-time{display:flex;&:hover{@media (hover:hover){border-color:var(--color-navy-900)}}}",
  "@media (width>=40rem){.sm\\:hidden{display:none}}}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  "@keyframes reveal{from{opacity:0}}",
].join("");

describe("trimming the site stylesheet to a page's markup", () => {
  it("keeps every rule when the page uses every class", () => {
    const all = new Set([
      "bg-navy-900",
      "text-red-500",
      "sm:mt-6",
      "[&_h2]:mt-4",
      "shadow",
      "slot-time",
      "sm:hidden",
      "figures",
    ]);
    const trimmed = trimStylesheet(CSS, all);
    expect(trimmed).toBe(
      CSS.replace("/*! licence */", "").replace(
        '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
        "",
      ),
    );
  });

  it("drops the rules of classes the page does not use, and the variables only they read", () => {
    const trimmed = trimStylesheet(CSS, new Set(["bg-navy-900", "slot-time"]));
    expect(trimmed).toContain(".bg-navy-900{");
    expect(trimmed).toContain(".slot-time{display:flex;&:hover{");
    expect(trimmed).toContain("--color-navy-900:#152445");
    expect(trimmed).not.toContain(".text-red-500");
    expect(trimmed).not.toContain("--color-red-500");
    expect(trimmed).not.toContain(".sm\\:mt-6");
    expect(trimmed).not.toContain("@media (width>=40rem)");
    expect(trimmed).not.toContain("@property --tw-shadow");
    // The base, which names no class, stays; so do the variables it reads, and what they read.
    expect(trimmed).toContain("html,:host{font-family:var(--default-font-family)}");
    expect(trimmed).toContain("--default-font-family:var(--font-sans)");
    expect(trimmed).toContain("--font-sans:ui-sans-serif");
    // A selector list with a part that names no class applies to any page.
    expect(trimmed).toContain("table,time,.figures{");
    expect(trimmed).toContain("@keyframes reveal");
    expect(trimmed).toContain("@layer theme,base,components,utilities;");
  });

  it("keeps the registered properties the kept rules set", () => {
    const trimmed = trimStylesheet(CSS, new Set(["shadow"]));
    expect(trimmed).toContain("@property --tw-shadow");
    expect(trimmed).not.toContain("@property --tw-ring-shadow");
  });

  it("reads escaped classes in the stylesheet and entities in the markup", () => {
    const used = classesInMarkup(
      '<div class="sm:mt-6 [&amp;_h2]:mt-4"><svg class="sm:hidden"></svg></div>',
    );
    expect([...used]).toEqual(["sm:mt-6", "[&_h2]:mt-4", "sm:hidden"]);
    const trimmed = trimStylesheet(CSS, used);
    expect(trimmed).toContain(".sm\\:mt-6{");
    expect(trimmed).toContain(".\\[\\&_h2\\]\\:mt-4 h2{");
    expect(trimmed).toContain("@media (width>=40rem){.sm\\:hidden{display:none}}");
  });

  it("trims a document's marked stylesheet and marks it trimmed; other documents are left", () => {
    const page = `<html><head><style data-site-styles="">${CSS}</style></head><body class="bg-navy-900" style="color:var(--color-red-500)">x</body></html>`;
    const trimmed = withCriticalStyles(page) ?? "";
    expect(trimmed).toContain('<style data-site-styles="critical">');
    expect(trimmed).toContain(".bg-navy-900{");
    expect(trimmed).not.toContain(".slot-time");
    // A variable the markup reads itself stays.
    expect(trimmed).toContain("--color-red-500:red");
    expect(withCriticalStyles("<html><head><style>.a{}</style></head></html>")).toBeUndefined();
  });
});
