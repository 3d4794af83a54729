import { describe, expect, it } from "vitest";
import { sortableId } from "./ids";

describe("sortableId", () => {
  it("sorts in creation order even within one millisecond, and never repeats", () => {
    const ids = Array.from({ length: 2000 }, () => sortableId("note"));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^note_\d{13}_\d{4}[0-9a-f]{10}$/);
  });
});
