import { describe, expect, it } from "vitest";
import { NOW, SECRET, tokenAged } from "./contact-submission-fixtures";
import { enquirySourceOf } from "./enquiry.schema";
import { addressKey, checkFormToken, MAX_TOKEN_AGE_MS, MIN_FILL_MS } from "./spam-defence.server";

/* The spam defence's form tokens and address keys, and enquiry sources: no database. */

describe("form tokens", () => {
  it("accept a token after the minimum fill time and before it expires", () => {
    expect(checkFormToken(SECRET, tokenAged(MIN_FILL_MS), NOW)).toEqual({
      ok: true,
      ageMs: MIN_FILL_MS,
    });
    expect(checkFormToken(SECRET, tokenAged(MIN_FILL_MS - 1), NOW)).toEqual({
      ok: false,
      reason: "too_fast",
    });
    expect(checkFormToken(SECRET, tokenAged(MAX_TOKEN_AGE_MS + 1), NOW)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuse a missing, malformed, forged or re-timed token", () => {
    const token = tokenAged(10_000);
    const [version, issued, nonce, signature] = token.split(".");
    expect(checkFormToken(SECRET, "", NOW)).toEqual({ ok: false, reason: "missing" });
    expect(checkFormToken(SECRET, null, NOW)).toEqual({ ok: false, reason: "missing" });
    expect(checkFormToken(SECRET, "garbage", NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkFormToken("another-secret-entirely-0123456789", token, NOW).ok).toBe(false);
    const retimed = [version, String(Number(issued) - 60_000), nonce, signature].join(".");
    expect(checkFormToken(SECRET, retimed, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("hash client addresses instead of storing them", () => {
    const key = addressKey(SECRET, "203.0.113.7");
    expect(key).not.toContain("203.0.113.7");
    expect(key).toBe(addressKey(SECRET, "203.0.113.7"));
    expect(key).not.toBe(addressKey(SECRET, "203.0.113.8"));
  });
});

describe("enquiry sources", () => {
  it("keep a posting's or resource's source and fall back to the contact form", () => {
    expect(enquirySourceOf("career:senior-rewards-analyst")).toBe("career:senior-rewards-analyst");
    expect(enquirySourceOf("resource:salary-benchmarking-guide")).toBe(
      "resource:salary-benchmarking-guide",
    );
    expect(enquirySourceOf(null)).toBe("contact_form");
    for (const bad of ["career:", "career:Bad Id", "evil:x", "resource:../x", "x".repeat(300)]) {
      expect(enquirySourceOf(bad)).toBe("contact_form");
    }
  });
});
