import { describe, expect, it } from "vitest";
import { clampPageSize, keysetBatches, placePage } from "./paging";

describe("paging", () => {
  it("clamps a page size to a whole number within the list's limits", () => {
    const limits = { defaultSize: 20, max: 100 };
    expect(clampPageSize(undefined, limits)).toBe(20);
    expect(clampPageSize(0, limits)).toBe(20);
    expect(clampPageSize(Number.NaN, limits)).toBe(20);
    expect(clampPageSize(7.9, limits)).toBe(7);
    expect(clampPageSize(-3, limits)).toBe(1);
    expect(clampPageSize(1000, limits)).toBe(100);
  });

  it("places a page within the pages that exist", () => {
    expect(placePage(45, 20, 2)).toEqual({ page: 2, pageCount: 3, offset: 20 });
    expect(placePage(45, 20, 99)).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(placePage(45, 20, 0)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(placePage(45, 20, undefined)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(placePage(45, 20, Number.NaN)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(placePage(0, 20, 5)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    // A search of unknown size: the page asked for, as far as it goes.
    expect(placePage(Number.POSITIVE_INFINITY, 20, 4).offset).toBe(60);
  });

  it("reads a whole list in keyset batches, each after the last row of the one before", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: `r${i}`, key: Math.floor(i / 2) }));
    const asked: unknown[] = [];
    const batches: string[][] = [];
    for await (const batch of keysetBatches({
      read: async (after, limit) => {
        asked.push(after);
        const start = after ? rows.findIndex((row) => row.id === after.id) + 1 : 0;
        return rows.slice(start, start + limit);
      },
      positionOf: (row) => ({ key: row.key, id: row.id }),
      batchSize: 3,
    })) {
      batches.push(batch.map((row) => row.id));
    }
    expect(batches).toEqual([["r0", "r1", "r2"], ["r3", "r4", "r5"], ["r6"]]);
    expect(asked).toEqual([undefined, { key: 1, id: "r2" }, { key: 2, id: "r5" }]);
  });

  it("stops after a full last batch when the next read is empty", async () => {
    let reads = 0;
    const batches = [];
    for await (const batch of keysetBatches({
      read: async (after) => {
        reads += 1;
        return after ? [] : [{ id: "a" }, { id: "b" }];
      },
      positionOf: (row) => ({ key: row.id, id: row.id }),
      batchSize: 2,
    })) {
      batches.push(batch);
    }
    expect(batches).toHaveLength(1);
    expect(reads).toBe(2);
  });
});
