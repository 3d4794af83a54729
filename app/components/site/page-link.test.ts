import { describe, expect, it } from "vitest";
import { isCurrentPage } from "./page-link";

describe("isCurrentPage (the header's aria-current, as <NavLink> decides it)", () => {
  it("names the page itself, with or without a trailing slash", () => {
    expect(isCurrentPage("/insights", "/insights")).toBe(true);
    expect(isCurrentPage("/insights", "/insights/")).toBe(true);
    expect(isCurrentPage("/", "/")).toBe(true);
  });

  it("names a page below the link's unless the link is `end`", () => {
    expect(isCurrentPage("/insights", "/insights/pay-equity-2026")).toBe(true);
    expect(isCurrentPage("/insights", "/insights/pay-equity-2026", true)).toBe(false);
  });

  it("does not take a longer name for a page below, nor every page for Home", () => {
    expect(isCurrentPage("/tools", "/tools-guide")).toBe(false);
    expect(isCurrentPage("/", "/contact")).toBe(false);
    expect(isCurrentPage("/contact", "/")).toBe(false);
  });
});
