/*
 * A small seeded random source for the calculators' property tests (wage check, gratuity, ESOP):
 * the same seed gives the same cases on every run, so a failure can be replayed.
 */

export interface SeededRandom {
  /** An integer in [low, high]. */
  int(low: number, high: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * mulberry32: a 32-bit generator, good enough to spread test cases. Numbers in [0, 1), the same
 * sequence for the same seed everywhere (the fuzz test of tests/e2e uses it too).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededRandom(seed: number): SeededRandom {
  const next = mulberry32(seed);
  return {
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
  };
}
