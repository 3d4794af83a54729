import { z } from "zod";
import { MAX_PASSWORD_LENGTH, passwordProblem } from "~/modules/staff/password-policy";
import { STAFF_ROLES } from "~/modules/staff/staff-roles";

/* The forms of staff accounts: first-admin setup, adding staff, roles, passwords. */

export const usernameSchema = z
  .string()
  .trim()
  .min(1, "Username is required")
  .regex(/^[a-zA-Z0-9_.]{3,30}$/, "Use 3-30 letters, digits, dots or underscores")
  // The regex already says it; the limit is for the form's maxLength (lib/form-constraints.ts).
  .max(30, "Use 3-30 letters, digits, dots or underscores");

export const staffEmailSchema = z
  .string()
  .trim()
  .min(1, "E-mail is required")
  .max(254, "Must be at most 254 characters")
  .pipe(z.email("Enter a valid e-mail address"));

export const staffNameSchema = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(80, "Must be at most 80 characters");

export const roleSchema = z.enum(STAFF_ROLES, "Choose a role");

const passwordField = (label: string) =>
  z
    .string()
    .min(1, `${label} is required`)
    .max(MAX_PASSWORD_LENGTH + 1, `Use at most ${MAX_PASSWORD_LENGTH} characters`)
    .superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/**
 * Adds what the password field cannot check alone (once the other fields are valid): that it is
 * not built from the account's names, and that the confirmation matches.
 */
function checkNewPassword(
  value: { password: string; confirmPassword: string },
  personal: PasswordOwner,
  ctx: z.RefinementCtx,
) {
  const problem = passwordProblem(value.password, personal);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  else if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "The passwords differ" });
  }
}

/** The first admin, created through the one-time setup link. */
export const setupSchema = z
  .object({
    name: staffNameSchema,
    username: usernameSchema,
    email: staffEmailSchema,
    password: passwordField("Password"),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => checkNewPassword(value, value, ctx));

/** A staff member added by an admin, with a first password the admin passes on. */
export const newStaffSchema = z
  .object({
    name: staffNameSchema,
    username: usernameSchema,
    email: staffEmailSchema,
    role: roleSchema,
    password: passwordField("Password"),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => checkNewPassword(value, value, ctx));

/** The account a new password is for: a password built from these is refused. */
export interface PasswordOwner {
  username?: string;
  email?: string;
  name?: string;
}

/** An admin's reset of someone's password (`owner`: the account being reset). */
export const resetPasswordSchema = (owner: PasswordOwner) =>
  z
    .object({
      password: passwordField("New password"),
      confirmPassword: z.string(),
    })
    .superRefine((value, ctx) => checkNewPassword(value, owner, ctx));

/** A staff member (`owner`) changing their own password. */
export const changePasswordSchema = (owner: PasswordOwner) =>
  z
    .object({
      currentPassword: z
        .string()
        .min(1, "Current password is required")
        .max(200, "Must be at most 200 characters"),
      password: passwordField("New password"),
      confirmPassword: z.string(),
    })
    .superRefine((value, ctx) => {
      if (value.password === value.currentPassword) {
        ctx.addIssue({
          code: "custom",
          path: ["password"],
          message: "Choose a password different from the current one",
        });
        return;
      }
      checkNewPassword(value, owner, ctx);
    });

export type SetupInput = z.output<typeof setupSchema>;
export type NewStaffInput = z.output<typeof newStaffSchema>;
