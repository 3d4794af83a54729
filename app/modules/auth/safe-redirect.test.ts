import { describe, expect, it } from "vitest";
import { safeRedirect } from "./login.schema";

/* Where a sign-in may send the browser afterwards: only this site's admin pages. */

describe("safeRedirect", () => {
  it.each([
    "/admin/../..//evil.example",
    "/admin/..//evil.example",
    "/admin/../../evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/admin/..\\..\\/evil.example",
    "https://evil.example",
    "https://evil.example/admin",
    "http:evil.example",
    "javascript:alert(1)",
    "/%2e%2e/evil.example",
    "/admin/%2e%2e/",
    "/admin/%2E%2E/%2e%2e//evil.example",
    "/admin/.%2e/evil",
    "%2F%2Fevil.example",
    "/\t/evil.example",
    "/admin\n//evil.example",
    "/administrator",
    "/admins/x",
    "/",
    "",
    "admin/careers",
  ])("refuses %j and falls back to the dashboard", (target) => {
    expect(safeRedirect(target)).toBe("/admin/dashboard");
  });

  it.each([
    ["/admin/careers", "/admin/careers"],
    ["/admin", "/admin"],
    ["/admin/enquiries?status=new&page=2", "/admin/enquiries?status=new&page=2"],
    ["/admin/services#pay", "/admin/services#pay"],
    // Normalised, and still inside the admin.
    ["/admin/careers/../users", "/admin/users"],
    ["/admin/./settings", "/admin/settings"],
    ["/admin/enquiries/%2e%2e/activity", "/admin/activity"],
    ["/admin//careers", "/admin//careers"],
  ])("keeps %j as %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it("never leads back to the sign-in, sign-out, setup or unlock pages", () => {
    for (const target of [
      "/admin/login",
      "/admin/login?redirectTo=/admin/users",
      "/admin/LOGIN",
      "/admin/careers/../login",
      "/admin/%6cogin",
      "/admin/logout",
      "/admin/setup?token=x",
      "/admin/unlock?token=x",
      "/admin/login/",
    ]) {
      expect(safeRedirect(target), target).toBe("/admin/dashboard");
    }
  });

  it("takes only strings", () => {
    expect(safeRedirect(null)).toBe("/admin/dashboard");
    expect(safeRedirect(["/admin/careers"])).toBe("/admin/dashboard");
  });
});
