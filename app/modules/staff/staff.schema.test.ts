import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/field-errors";
import {
  changePasswordSchema,
  newStaffSchema,
  resetPasswordSchema,
  setupSchema,
} from "./staff.schema";

const PASSWORD = "mango tractor lantern 42";

describe("staff forms", () => {
  it("give a message per field", () => {
    const result = newStaffSchema.safeParse({
      name: "",
      username: "a b",
      email: "nope",
      role: "owner",
      password: "password1234",
      confirmPassword: "password1234",
    });
    expect(fieldErrors(result.error!)).toEqual({
      name: "Name is required",
      username: "Use 3-30 letters, digits, dots or underscores",
      email: "Enter a valid e-mail address",
      role: "Choose a role",
      password: expect.stringMatching(/too common/),
    });
    const mismatch = setupSchema.safeParse({
      name: "Owner",
      username: "owner",
      email: "owner@example.in",
      password: PASSWORD,
      confirmPassword: `${PASSWORD}!`,
    });
    expect(fieldErrors(mismatch.error!)).toEqual({ confirmPassword: "The passwords differ" });
    const same = changePasswordSchema({}).safeParse({
      currentPassword: PASSWORD,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(fieldErrors(same.error!).password).toMatch(/different from the current one/);
  });

  it("refuse a new password built from the account's own names, on a reset and a change alike", () => {
    const owner = { username: "rohan.k", email: "rohan.kapoor@example.in", name: "Rohan Kapoor" };
    const built = "Rohan.K-2026-pay!";
    const reset = resetPasswordSchema(owner).safeParse({
      password: built,
      confirmPassword: built,
    });
    expect(fieldErrors(reset.error!).password).toBe(
      "Do not build your password from your username, e-mail or name",
    );
    const change = changePasswordSchema(owner).safeParse({
      currentPassword: PASSWORD,
      password: "rohan kapoor quarterly 7",
      confirmPassword: "rohan kapoor quarterly 7",
    });
    expect(fieldErrors(change.error!).password).toBe(
      "Do not build your password from your username, e-mail or name",
    );
    // Someone else's account takes the same password.
    expect(
      resetPasswordSchema({
        username: "meera",
        email: "meera@example.in",
        name: "Meera",
      }).safeParse({ password: built, confirmPassword: built }).success,
    ).toBe(true);
  });
});
