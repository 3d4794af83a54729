/*
 * The `tel:` link of a phone number as it is shown (phone.ts): the E.164 number, with an
 * extension as RFC 3966 writes it. No phone library here: the footer and the contact page use it
 * in the browser too, and the number they get is already formatted by their loader.
 */

/** `+91 98765 43210` → `tel:+919876543210`; `+91 11 4000 0000 ext. 12` → `tel:+911140000000;ext=12`. */
export function telHref(shown: string): string {
  const [, number = shown, extension] = /^(.*?)(?:\s*ext\.?\s*(\d+))?$/i.exec(shown.trim()) ?? [];
  const digits = number.replace(/[^\d+]/g, "");
  return `tel:${digits}${extension ? `;ext=${extension}` : ""}`;
}
