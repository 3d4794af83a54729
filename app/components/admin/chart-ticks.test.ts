import { describe, expect, it } from "vitest";
import { DAY_LABEL_PX, labelledPoints, labelStep } from "./chart-ticks";

/* The dashboard charts' axis labels (issue 12, item 13): one even interval, the latest always. */

const gapsOf = (points: number[]) => points.slice(1).map((point, i) => point - points[i]!);

describe("the points a chart labels", () => {
  it("labels every point when each has room", () => {
    expect(labelledPoints(12, 12 * DAY_LABEL_PX)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("labels 30 days on a 360 px phone at one interval, counted back from the latest", () => {
    // About 250 px of axis on a phone: a label every 7th day.
    const points = labelledPoints(30, 250);
    expect(points).toEqual([1, 8, 15, 22, 29]);
    expect(new Set(gapsOf(points))).toEqual(new Set([7]));
  });

  it("never gives two labels less room than a label needs, at any width", () => {
    for (const count of [1, 2, 7, 12, 30, 31, 90]) {
      for (let width = 40; width <= 2000; width += 7) {
        const points = labelledPoints(count, width);
        expect(points.at(-1), `${count} at ${width}`).toBe(count - 1);
        const gaps = gapsOf(points);
        expect(new Set(gaps).size, `${count} at ${width}`).toBeLessThanOrEqual(1);
        for (const gap of gaps) {
          expect(gap * (width / count), `${count} at ${width}`).toBeGreaterThanOrEqual(
            DAY_LABEL_PX,
          );
        }
      }
    }
  });

  it("labels only the latest point before the width is known, and nothing for no points", () => {
    expect(labelledPoints(30, 0)).toEqual([29]);
    expect(labelledPoints(30, Number.NaN)).toEqual([29]);
    expect(labelledPoints(0, 500)).toEqual([]);
    expect(labelStep(1, 500)).toBe(1);
  });
});
