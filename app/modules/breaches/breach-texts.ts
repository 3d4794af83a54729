import { formatIndiaDateTime } from "~/lib/india-format";

/*
 * The two texts the product prepares for a breach (issue 27, decision 0063), from what staff
 * recorded: the notice to each affected person (DPDP Rules 2025 r.7(1)(a)-(e)) and the detailed
 * report to the Data Protection Board (r.7(2)(b)(i)-(vi)). Pure, so the page shows exactly what
 * the approval sends.
 */

export const BOARD_REPORT_HOURS = 72;
export const BOARD_REPORT_MS = BOARD_REPORT_HOURS * 60 * 60 * 1000;

export interface BreachFacts {
  title: string;
  whatHappened: string;
  occurredAt: string | null;
  discoveredAt: string;
  dataAffected: string;
  whoAffected: string;
  consequences: string;
  mitigation: string;
  safetySteps: string;
  causes: string;
  causedBy: string;
  prevention: string;
}

export interface FirmContact {
  siteName: string;
  /** The privacy contact (the grievance officer's address). */
  privacyEmail: string;
  phone: string;
}

const orNot = (value: string, fallback: string) => (value.trim() === "" ? fallback : value.trim());

/** When the Board's detailed report is due: 72 hours after the firm found out (r.7(2)(b)). */
export const boardReportDue = (discoveredAt: string): Date =>
  new Date(Date.parse(discoveredAt) + BOARD_REPORT_MS);

/** The notice to a person affected, in plain words (r.7(1)). */
export function breachNotice(
  breach: BreachFacts,
  firm: FirmContact,
): { subject: string; text: string } {
  const when = breach.occurredAt
    ? `It happened on ${formatIndiaDateTime(breach.occurredAt)} and we found it on ${formatIndiaDateTime(breach.discoveredAt)}.`
    : `We found it on ${formatIndiaDateTime(breach.discoveredAt)}.`;
  const text = [
    "Dear Sir or Madam,",
    `We are writing to tell you about a personal data breach at ${firm.siteName} that affects your data.`,
    `What happened: ${breach.whatHappened.trim()} ${when}`,
    `Your data involved: ${breach.dataAffected.trim()}`,
    `What this may mean for you: ${orNot(breach.consequences, "We are still assessing the consequences and will write again if we find any that concern you.")}`,
    `What we have done: ${orNot(breach.mitigation, "We are taking measures to contain the breach and will write again when they are in place.")}`,
    `What you can do: ${orNot(breach.safetySteps, "Be careful with unexpected messages that mention us, and do not share passwords or codes with anyone who asks for them.")}`,
    `Questions: write to ${firm.privacyEmail} or call ${firm.phone}; our grievance officer will answer.`,
  ].join("\n\n");
  return { subject: `A personal data breach that affects your data (${firm.siteName})`, text };
}

/** The detailed report to the Data Protection Board, to copy into its form (r.7(2)(b)). */
export function boardReport(
  breach: BreachFacts,
  intimations: { affected: number; notified: number; approvedAt: string | null },
  firm: FirmContact,
): string {
  const notYet = "Not yet known; to be updated.";
  const told =
    intimations.notified === 0
      ? `${intimations.affected} people are known to be affected; none has been told yet.`
      : `${intimations.notified} of the ${intimations.affected} people known to be affected were sent a notice by e-mail${intimations.approvedAt ? ` from ${formatIndiaDateTime(intimations.approvedAt)}` : ""}, with the description of the breach, its likely consequences for them, the measures taken, the steps they can take and our contact.`;
  return [
    `Report of a personal data breach: ${breach.title}`,
    `Data Fiduciary: ${firm.siteName}. Contact: ${firm.privacyEmail}, ${firm.phone}.`,
    `Became aware: ${formatIndiaDateTime(breach.discoveredAt)}. Occurred: ${breach.occurredAt ? formatIndiaDateTime(breach.occurredAt) : "not yet known"}.`,
    `(i) Description (nature, extent, timing, location, likely impact): ${breach.whatHappened.trim()} Data involved: ${breach.dataAffected.trim()} Whose: ${breach.whoAffected.trim()} Likely impact: ${orNot(breach.consequences, notYet)}`,
    `(ii) Events, circumstances and reasons that led to it: ${orNot(breach.causes, notYet)}`,
    `(iii) Measures implemented or proposed to mitigate risk: ${orNot(breach.mitigation, notYet)}`,
    `(iv) Findings about the person who caused it: ${orNot(breach.causedBy, notYet)}`,
    `(v) Remedial measures to prevent it happening again: ${orNot(breach.prevention, notYet)}`,
    `(vi) Intimations to the people affected: ${told}`,
  ].join("\n\n");
}
