import { formatIndiaDateTime } from "~/lib/india-format";

/*
 * Moments staff type for a schedule, in India Standard Time (Asia/Kolkata), stored in UTC.
 * India has had one offset (+05:30) and no daylight saving since 1945 (see lib/india-format.ts),
 * so a wall-clock time there is one instant.
 */

const IST_OFFSET_MINUTES = 5 * 60 + 30;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-12-01T09:30" (what `<input type="datetime-local">` sends) in IST → the UTC ISO; else undefined. */
export function istLocalToUtc(value: string): string | undefined {
  const match = LOCAL.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as number[];
  const utc = Date.UTC(year as number, (month as number) - 1, day, hour, minute);
  const back = new Date(utc);
  // Refuse 31 Feb and 25:00, which Date.UTC would roll over.
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== (month as number) - 1 ||
    back.getUTCDate() !== day ||
    back.getUTCHours() !== hour ||
    back.getUTCMinutes() !== minute
  ) {
    return undefined;
  }
  return new Date(utc - IST_OFFSET_MINUTES * 60_000).toISOString();
}

/** A stored UTC moment as the IST value of a datetime-local input: "2026-12-01T09:30". */
export function utcToIstLocal(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16);
}

/** A stored moment as staff read it: "1 Dec 2026, 9:30 am IST". */
export const formatScheduleTime = (iso: string): string => formatIndiaDateTime(iso);
