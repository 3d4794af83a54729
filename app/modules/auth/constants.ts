/* Auth facts that forms in the browser need too (auth.server.ts re-exports them). */

export const STAFF_ROLES = ["admin", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  editor: "Editor",
};

export const MIN_PASSWORD_LENGTH = 12;

export const LOGIN_PATH = "/admin/login";
/** Where a successful sign-in leads when no other admin page was asked for. */
export const AFTER_LOGIN_PATH = "/admin/dashboard";

/** The login failure message (spec section 8), for every failure: it never says which part. */
export const LOGIN_FAILED_MESSAGE = "Invalid username or password";
