import { describe, expect, it } from "vitest";
import { countOf, formatDate, formatFileSize, plural } from "./format";

describe("counts in words", () => {
  it("uses the singular for one only", () => {
    expect(countOf(1, "entry", "entries")).toBe("1 entry");
    expect(countOf(0, "entry", "entries")).toBe("0 entries");
    expect(countOf(2, "entry", "entries")).toBe("2 entries");
    expect(countOf(21, "enquiry", "enquiries")).toBe("21 enquiries");
    expect(plural(1, "matches", "match")).toBe("matches");
    expect(plural(5, "matches", "match")).toBe("match");
  });

  it("keeps dates as they were", () => {
    expect(formatDate("2026-10-28")).toBe("28 October 2026");
  });
});

describe("file sizes in words", () => {
  it("says bytes below a kilobyte, then whole kilobytes, then megabytes to one decimal", () => {
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(820)).toBe("820 bytes");
    expect(formatFileSize(1023)).toBe("1023 bytes");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(300 * 1024)).toBe("300 KB");
    expect(formatFileSize(1024 * 1024)).toBe("1.0 MB");
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe("1.4 MB");
  });
});
