import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  LONG_BUSY_FILES,
  LONG_WAITING_FILES,
  longFilesInStartOrder,
} from "../support/long-files-first";

describe("the long browser files that start first", () => {
  it("names files that exist, each in one list, so that a rename cannot quietly drop one", () => {
    const named = [...LONG_WAITING_FILES, ...LONG_BUSY_FILES];
    expect(named.filter((file) => !existsSync(file))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  it("starts a waiting file only after two busy ones, and every file once", () => {
    expect(longFilesInStartOrder(["w1", "w2", "w3"], ["b1", "b2", "b3"])).toEqual([
      "w1",
      "b1",
      "b2",
      "w2",
      "b3",
      "w3",
    ]);
    expect(longFilesInStartOrder(["w1"], ["b1", "b2", "b3", "b4"])).toEqual([
      "w1",
      "b1",
      "b2",
      "b3",
      "b4",
    ]);
    const order = longFilesInStartOrder();
    expect([...order].sort()).toEqual([...LONG_WAITING_FILES, ...LONG_BUSY_FILES].sort());
    // No two waiting files within three places of each other while busy ones remain.
    const waitingAt = order.flatMap((file, i) => (LONG_WAITING_FILES.includes(file) ? [i] : []));
    const lastBusy = Math.max(...LONG_BUSY_FILES.map((file) => order.indexOf(file)));
    for (const [k, i] of waitingAt.entries()) {
      if (k > 0 && i < lastBusy) expect(i - waitingAt[k - 1]!).toBeGreaterThanOrEqual(3);
    }
  });
});
