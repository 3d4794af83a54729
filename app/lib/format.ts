/** Formatting shared by the static content, the public pages and the admin. */

/** The months' English names, January first. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2026-10-28" → "28 October 2026", the same on server and client whatever their time zone. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  if (!year || !month || !day) return isoDate;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

const englishPlurals = new Intl.PluralRules("en");

/** The word for a count: `plural(1, "entry", "entries")` → "entry", for 0 and 2 "entries". */
export function plural(count: number, one: string, other: string): string {
  return englishPlurals.select(count) === "one" ? one : other;
}

/** A count with its word: `countOf(1, "entry", "entries")` → "1 entry"; "0 entries", "2 entries". */
export function countOf(count: number, one: string, other: string): string {
  return `${count} ${plural(count, one, other)}`;
}

/** A file's size as people read it: "820 bytes", "48 KB", "1.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${plural(bytes, "byte", "bytes")}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
