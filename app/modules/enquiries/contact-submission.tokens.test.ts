import { describe, expect, it } from "vitest";
import {
  addressKey,
  checkFormToken,
  FORM_TOKEN_LENGTH,
  issueConfirmToken,
  isTooFast,
  MAX_TOKEN_AGE_MS,
  MIN_FILL_MS,
} from "~/modules/forms/spam-defence.server";
import { NOW, SECRET, tokenAged } from "./contact-submission-fixtures";
import { enquirySourceOf } from "./enquiry.schema";

/* The spam defence's form tokens and address keys, and enquiry sources: no database. */

describe("form tokens", () => {
  it("accept a token before it expires, saying how old it is and whether it came too fast", () => {
    expect(checkFormToken(SECRET, tokenAged(MIN_FILL_MS), NOW)).toMatchObject({
      ok: true,
      kind: "form",
      ageMs: MIN_FILL_MS,
    });
    expect(isTooFast(checkFormToken(SECRET, tokenAged(MIN_FILL_MS), NOW))).toBe(false);
    expect(isTooFast(checkFormToken(SECRET, tokenAged(MIN_FILL_MS - 1), NOW))).toBe(true);
    // A token from the future (clock skew between instances) counts as just issued.
    expect(isTooFast(checkFormToken(SECRET, tokenAged(-60_000), NOW))).toBe(true);
    expect(checkFormToken(SECRET, tokenAged(MAX_TOKEN_AGE_MS + 1), NOW)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("tell a person-check token from a form token; the check is never too fast", () => {
    const confirm = issueConfirmToken(SECRET, NOW);
    expect(checkFormToken(SECRET, confirm, NOW)).toMatchObject({ ok: true, kind: "confirm" });
    expect(isTooFast(checkFormToken(SECRET, confirm, NOW))).toBe(false);
    // The kind is signed: a form token relabelled as a person check is refused.
    const relabelled = tokenAged(100).replace(/^v1\./, "c1.");
    expect(checkFormToken(SECRET, relabelled, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("give each token its own id, and keep one length (the page cache's slot)", () => {
    const a = checkFormToken(SECRET, tokenAged(5_000), NOW);
    const b = checkFormToken(SECRET, tokenAged(5_000), NOW);
    expect(a.ok && b.ok && a.id !== b.id).toBe(true);
    expect(tokenAged(5_000)).toHaveLength(FORM_TOKEN_LENGTH);
    expect(issueConfirmToken(SECRET, NOW)).toHaveLength(FORM_TOKEN_LENGTH);
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
