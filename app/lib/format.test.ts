import { describe, expect, it } from "vitest";
import { countOf, formatDate, plural } from "./format";

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
