/*
 * The launch checklist's items (issue 24): what a fresh install still shows of the seed, each
 * computed from the data (launch-checklist.server.ts). Shared by the server and the dashboard's
 * view, so the form that dismisses an item and the schema that reads it agree on the ids.
 */

export const LAUNCH_ITEMS = [
  "firm-name",
  "contact",
  "office",
  "social",
  "mail",
  "consultants",
  "privacy",
  "samples",
] as const;

export type LaunchItemId = (typeof LAUNCH_ITEMS)[number];

export const LAUNCH_ITEM_TITLES: Record<LaunchItemId, string> = {
  "firm-name": "Firm name",
  contact: "Contact e-mail and phone",
  office: "Office address",
  social: "Social profiles",
  mail: "Outgoing e-mail (MAIL_FROM and SMTP)",
  consultants: "Consultants' names and photos",
  privacy: "Privacy contact",
  samples: "Sample content",
};

export const isLaunchItem = (value: unknown): value is LaunchItemId =>
  typeof value === "string" && (LAUNCH_ITEMS as readonly string[]).includes(value);

/** A place in the admin (or the site) where the item is put right. */
export interface LaunchFix {
  label: string;
  to: string;
}

export interface LaunchItem {
  id: LaunchItemId;
  title: string;
  /** What is still the placeholder, in words, from the data. */
  detail: string;
  fixes: LaunchFix[];
}

/** The checklist as the dashboard shows it: the items still open, and how many are settled. */
export interface LaunchChecklist {
  open: LaunchItem[];
  done: number;
  dismissed: number;
}
