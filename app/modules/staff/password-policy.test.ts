import { describe, expect, it } from "vitest";
import { newPasswordSchema, passwordProblem } from "./password-policy";

describe("the staff password policy", () => {
  it("needs 12 to 128 characters", () => {
    expect(passwordProblem("short-pass1")).toBe("Use at least 12 characters");
    expect(passwordProblem("x".repeat(10) + "Q7#kd".repeat(30))).toBe("Use at most 128 characters");
  });

  it("refuses common passwords, padded and disguised ones included", () => {
    for (const password of [
      "password1234",
      "Password2024!",
      "P@ssw0rd12345",
      "passwordpassword",
      "qwerty123456",
      "Qwertyuiop12",
      "1q2w3e4r5t6y",
      "123456789012",
      "111111111111",
      "abcdefghijkl",
      "iloveyou2025",
      "Welcome@2026",
      "abcabcabcabc",
      "!!!!!!!!!!!!1",
    ]) {
      expect(passwordProblem(password), password).toMatch(/too common/);
    }
  });

  it("refuses passwords built from the account's own names", () => {
    expect(passwordProblem("asha.verma-2026!", { username: "asha.verma" })).toMatch(
      /username, e-mail or name/,
    );
    expect(passwordProblem("Kapoor#Rewards77", { email: "kapoor@example.in" })).toMatch(
      /username, e-mail or name/,
    );
  });

  it("accepts long, unusual passwords", () => {
    for (const password of [
      "correct-horse-battery",
      "mango tractor lantern 42",
      "Tq8#vL2!pZ9w",
      "x9$k2#m4!q7&",
    ]) {
      expect(passwordProblem(password, { username: "owner" }), password).toBeNull();
    }
    expect(newPasswordSchema.safeParse("mango tractor lantern 42").success).toBe(true);
    expect(newPasswordSchema.safeParse("password1234").error?.issues[0]?.message).toMatch(
      /too common/,
    );
  });
});
