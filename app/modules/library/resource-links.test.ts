import { describe, expect, it } from "vitest";
import {
  checkDownloadLink,
  checkRequesterRef,
  signDownloadLink,
  signRequesterRef,
} from "./resource-links.server";

const SECRET = "a-secret-for-these-tests-only-0123456789";
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-11-23T10:00:00Z");

const queryOf = (href: string) => new URL(href, "http://site.test").searchParams;

describe("signed download links", () => {
  it("open the resource's file for 7 days, then say they expired", () => {
    const link = signDownloadLink(SECRET, "esop-design-playbook", NOW);
    expect(link.href).toMatch(/^\/resources\/esop-design-playbook\/file\?expires=\d+&sig=/);
    expect(link.expiresAt.toISOString()).toBe("2026-11-30T10:00:00.000Z");
    const query = queryOf(link.href);
    expect(checkDownloadLink(SECRET, "esop-design-playbook", query, NOW)).toBe("valid");
    expect(checkDownloadLink(SECRET, "esop-design-playbook", query, NOW + 7 * DAY - 1000)).toBe(
      "valid",
    );
    expect(checkDownloadLink(SECRET, "esop-design-playbook", query, NOW + 7 * DAY)).toBe("expired");
  });

  it("refuse a link for another resource, a changed expiry or signature, or another secret", () => {
    const query = queryOf(signDownloadLink(SECRET, "esop-design-playbook", NOW).href);
    expect(checkDownloadLink(SECRET, "state-of-esops-india", query, NOW)).toBe("invalid");
    expect(checkDownloadLink(`${SECRET}x`, "esop-design-playbook", query, NOW)).toBe("invalid");

    const later = new URLSearchParams(query);
    later.set("expires", String(Number(query.get("expires")) + 365 * 24 * 3600));
    expect(checkDownloadLink(SECRET, "esop-design-playbook", later, NOW)).toBe("invalid");

    const forged = new URLSearchParams(query);
    const sig = query.get("sig") ?? "";
    forged.set("sig", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
    expect(checkDownloadLink(SECRET, "esop-design-playbook", forged, NOW)).toBe("invalid");

    expect(checkDownloadLink(SECRET, "esop-design-playbook", new URLSearchParams(), NOW)).toBe(
      "invalid",
    );
    const short = new URLSearchParams({ expires: query.get("expires") ?? "", sig: "abc" });
    expect(checkDownloadLink(SECRET, "esop-design-playbook", short, NOW)).toBe("invalid");
  });
});

describe("the asked-once reference", () => {
  it("gives back the lead's id for 180 days, and nothing for a changed or foreign value", () => {
    const value = signRequesterRef(SECRET, "enq_1767225600000_0000a1b2c3d4e5", NOW);
    expect(checkRequesterRef(SECRET, value, NOW + 179 * DAY)).toBe(
      "enq_1767225600000_0000a1b2c3d4e5",
    );
    expect(checkRequesterRef(SECRET, value, NOW + 181 * DAY)).toBeUndefined();
    expect(checkRequesterRef(`${SECRET}x`, value, NOW)).toBeUndefined();
    expect(checkRequesterRef(SECRET, value.replace("enq_1767", "enq_1768"), NOW)).toBeUndefined();
    expect(checkRequesterRef(SECRET, undefined, NOW)).toBeUndefined();
    expect(checkRequesterRef(SECRET, "garbage", NOW)).toBeUndefined();
  });
});
