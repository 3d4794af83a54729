import { describe, expect, it } from "vitest";
import { overlapsAny, spansOf } from "./free-slots";

/** A small deterministic generator, so a failure can be run again. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe("overlapsAny (the clash check of free times)", () => {
  it("answers as checking every span would, for spans of mixed lengths in any order", () => {
    const next = numbers(2026);
    for (let round = 0; round < 300; round++) {
      const list = Array.from({ length: next(40) }, () => {
        const start = next(10_000);
        return { start, end: start + 1 + next(next(2) ? 60 : 2_000) };
      });
      const spans = spansOf(list);
      for (let probe = 0; probe < 40; probe++) {
        const from = next(11_000) - 500;
        const to = from + 1 + next(300);
        const everySpan = list.some((span) => from < span.end && span.start < to);
        expect(overlapsAny(spans, from, to), JSON.stringify({ list, from, to })).toBe(everySpan);
      }
    }
  });

  it("counts touching ends as free (a meeting may start when the last one ends)", () => {
    const spans = spansOf([{ start: 100, end: 200 }]);
    expect(overlapsAny(spans, 200, 300)).toBe(false);
    expect(overlapsAny(spans, 0, 100)).toBe(false);
    expect(overlapsAny(spans, 199, 300)).toBe(true);
    expect(overlapsAny(spansOf([]), 0, 1_000)).toBe(false);
  });
});
