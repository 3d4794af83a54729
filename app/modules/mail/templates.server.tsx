import type { GeneralSettings } from "~/modules/settings/settings.schema";

/*
 * What every module's mail builders share: the context they are built in and the small helpers
 * of their plain-text part. Each module writes its own mails (enquiries/enquiry-mails.server.tsx,
 * newsletter/newsletter-mails.server.tsx, applications/application-mails.server.tsx, …) as plain
 * text with an HTML twin rendered by React (./templates/*.tsx), which escapes every visitor
 * value; the sentences are written once and shared by both versions.
 */

export interface MailContext {
  settings: GeneralSettings;
  /** The site's public address, for links (no trailing slash). */
  baseUrl: string;
}

/** Subjects are one line: line breaks in visitor text would end the header. */
export const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

/** The label of a choice ("" stays ""; an unknown value is shown as it is). */
export const labelOf = <T extends string>(labels: Record<T, string>, value: string) =>
  value === "" ? "" : (labels[value as T] ?? value);

/** [label, value] pairs as "Label: value" lines. */
export function textTable(pairs: Array<[string, string]>): string {
  return pairs.map(([label, value]) => `${label}: ${value}`).join("\n");
}
