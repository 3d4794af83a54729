/*
 * The name a visitor reads for a consultant (issue 24): on the booking's page, in its mails and
 * in the invitation's CN. A first admin created without a display name (ADMIN_* without
 * ADMIN_NAME, or an install from before it) is a consultant named after the username, a sign-in
 * name visitors must never see ("30-minute consultation with owner"): the firm's name stands in
 * for it until staff give a display name, which the launch checklist asks for.
 */

export interface NamedConsultant {
  displayName: string;
  /** The staff account's username (null once the account is removed). */
  username: string | null;
}

/** True when the consultant has a display name of their own (not empty, not the username). */
export function hasOwnDisplayName(consultant: NamedConsultant): boolean {
  const name = consultant.displayName.trim();
  if (name === "") return false;
  return consultant.username === null || name.toLowerCase() !== consultant.username.toLowerCase();
}

/** The consultant's display name, or the firm's name while they have none of their own. */
export function consultantNameForVisitors(
  consultant: NamedConsultant | undefined,
  firmName: string,
): string {
  return consultant && hasOwnDisplayName(consultant) ? consultant.displayName.trim() : firmName;
}

/** The invitation's description line: "…with Asha Sharma of Firm", or "…with Firm" without a name. */
export function consultationWith(consultantName: string, firmName: string): string {
  return consultantName === firmName
    ? `Free 30-minute consultation with ${firmName}.`
    : `Free 30-minute consultation with ${consultantName} of ${firmName}.`;
}
