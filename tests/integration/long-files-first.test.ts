import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LONG_BROWSER_FILES } from "../support/long-files-first";

describe("the long browser files that start first", () => {
  it("names files that exist, so that a rename cannot quietly drop one", () => {
    expect(LONG_BROWSER_FILES.filter((file) => !existsSync(file))).toEqual([]);
  });
});
