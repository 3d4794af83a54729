import { describe, expect, it } from "vitest";
import { publicApplicationsFigure } from "./public-posting";

describe("a posting's public applications figure", () => {
  it("is the highest step reached, never more than the count", () => {
    expect([0, 1, 4].map(publicApplicationsFigure)).toEqual([0, 0, 0]);
    expect([5, 9, 10, 24, 25, 49].map(publicApplicationsFigure)).toEqual([5, 5, 10, 10, 25, 25]);
    expect([50, 99, 100, 249, 250, 999, 1000, 25_000].map(publicApplicationsFigure)).toEqual([
      50, 50, 100, 100, 250, 500, 1000, 1000,
    ]);
    for (let count = 0; count < 1200; count++) {
      expect(publicApplicationsFigure(count)).toBeLessThanOrEqual(count);
    }
  });
});
