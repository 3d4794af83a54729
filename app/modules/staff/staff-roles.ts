/*
 * Staff accounts' roles and the password length, facts that forms in the browser need too. The
 * accounts module owns them; sign-in (modules/auth) reads them from here.
 */

export const STAFF_ROLES = ["admin", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  editor: "Editor",
};

export const MIN_PASSWORD_LENGTH = 12;
