import { describe, expect, it } from "vitest";
import { consultantNameForVisitors, consultationWith, hasOwnDisplayName } from "./consultant-name";

describe("the consultant's name visitors read", () => {
  it("is the display name when it is the consultant's own", () => {
    const asha = { displayName: "Asha Sharma", username: "owner" };
    expect(hasOwnDisplayName(asha)).toBe(true);
    expect(consultantNameForVisitors(asha, "Sharma Rewards")).toBe("Asha Sharma");
    expect(consultationWith("Asha Sharma", "Sharma Rewards")).toBe(
      "Free 30-minute consultation with Asha Sharma of Sharma Rewards.",
    );
  });

  it("is never the username: the firm's name stands in for it", () => {
    const owner = { displayName: "owner", username: "Owner" };
    expect(hasOwnDisplayName(owner)).toBe(false);
    expect(consultantNameForVisitors(owner, "Sharma Rewards")).toBe("Sharma Rewards");
    expect(consultantNameForVisitors(undefined, "Sharma Rewards")).toBe("Sharma Rewards");
    expect(consultantNameForVisitors({ displayName: " ", username: null }, "Firm")).toBe("Firm");
    expect(consultationWith("Sharma Rewards", "Sharma Rewards")).toBe(
      "Free 30-minute consultation with Sharma Rewards.",
    );
  });
});
