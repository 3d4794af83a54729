/*
 * India's time zone goes by two IANA names: "Asia/Kolkata" and the older "Asia/Calcutta", which
 * is what Chromium (and ICU, whose canonical name it still is) reports for a browser in India.
 * Both are IST. No imports: the booking pages' browser code reads it too.
 */

/** The names a visitor's zone may have when it is India Standard Time. */
export const INDIA_ZONE_NAMES: readonly string[] = ["Asia/Kolkata", "Asia/Calcutta"];

/** Whether a zone is India time (IST), under either of its names. */
export const isIndiaTime = (timeZone: string) => INDIA_ZONE_NAMES.includes(timeZone);
