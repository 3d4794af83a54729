/*
 * The purposes a person consents to, one by one (DPDP Act 2023 s.6(1): consent "limited to such
 * personal data as is necessary for such specified purpose"; never bundled), with the basis the
 * firm relies on and the words shown on the form. docs/decisions/0061-notice-and-consent.md.
 * Plain data, shared by the forms (browser) and the server.
 */

export const CONSENT_PURPOSES = ["enquiry", "newsletter", "cv_pool"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentAction = "given" | "withdrawn";

export interface PurposeRule {
  label: string;
  /** The law the purpose rests on. */
  basis: string;
  /** What stops at once when it is withdrawn (s.6(6)). */
  onWithdraw: string;
}

export const PURPOSE_RULES: Record<ConsentPurpose, PurposeRule> = {
  enquiry: {
    label: "Handling my enquiry or booking",
    basis:
      "DPDP Act 2023 s.7(a): data the person gave of her own accord for a purpose she named, with the notice of s.5 shown on the form",
    onWithdraw: "Recorded and shown to staff on the enquiry; staff stop working on it.",
  },
  newsletter: {
    label: "The newsletter",
    basis: "DPDP Act 2023 s.6(1): consent by a clear affirmative act (the sign-up)",
    onWithdraw: "Unsubscribed from the newsletter at once.",
  },
  cv_pool: {
    label: "Keeping my CV for future roles",
    basis: "DPDP Act 2023 s.6(1): consent by an optional box, never ticked in advance",
    onWithdraw: "The CV is no longer kept for future roles: it goes when its application does.",
  },
};

export const isConsentPurpose = (value: unknown): value is ConsentPurpose =>
  typeof value === "string" && (CONSENT_PURPOSES as readonly string[]).includes(value);

/** The forms that carry a short notice, by the name the ledger records. */
export const NOTICE_FORMS = {
  contact: "your enquiry",
  booking: "your booking",
  application: "your application",
  resource: "your request for this resource",
  newsletter: "the newsletter",
  calculator: "your request for this breakdown",
} as const;
export type NoticeForm = keyof typeof NOTICE_FORMS;

/**
 * The short notice a form shows above its button (DPDP Rules 2025 r.3: a notice that stands on
 * its own, with a link to the full notice, to withdraw and to complain). The ledger keeps these
 * exact words with the notice version in force.
 */
export function shortNoticeWords(form: NoticeForm): string {
  return `We use what you send only for ${NOTICE_FORMS[form]}. Every e-mail we send you has a link to withdraw. Read our privacy notice (what we keep, how long, your rights, how to complain to the Data Protection Board).`;
}

/** The optional box of the application form: never ticked in advance (s.6(1)). */
export const CV_POOL_WORDS =
  "Keep my CV for future roles for 12 months. We will ask you before then whether to keep it longer.";

/** How long consent to the CV pool lasts before it must be renewed. */
export const CV_POOL_MONTHS = 12;
/** How long before it lapses the renewal request goes out. */
export const CV_POOL_RENEWAL_DAYS = 30;

/** Until when a CV ticked into the pool at `now` may be kept: CV_POOL_MONTHS later. */
export function cvPoolUntilFrom(now: Date): string {
  const until = new Date(now);
  until.setUTCMonth(until.getUTCMonth() + CV_POOL_MONTHS);
  return until.toISOString();
}

/** The words of the withdraw page's button, kept in the ledger as the words shown. */
export const withdrawButtonWords = (purpose: ConsentPurpose) =>
  `Withdraw my consent: ${PURPOSE_RULES[purpose].label}`;

/** The words of the button that keeps a pooled CV longer (the renewal), kept in the ledger. */
export const renewButtonWords = () =>
  `Keep my CV for future roles for another ${CV_POOL_MONTHS} months`;
