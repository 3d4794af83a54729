import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("turns a title into a URL id", () => {
    expect(slugify("Senior Analyst")).toBe("senior-analyst");
    expect(slugify("  C++ / Rewards & Benefits Lead!  ")).toBe("c-rewards-benefits-lead");
    expect(slugify("Consultant -- Total   Rewards")).toBe("consultant-total-rewards");
    expect(slugify("Café Manager (Remote)")).toBe("cafe-manager-remote");
    expect(slugify("!!!")).toBe("");
  });
});
