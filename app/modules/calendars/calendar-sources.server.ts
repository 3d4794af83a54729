import { fetchCalendarObjects, getBasicAuthHeaders } from "tsdav";
import type { CalendarKind } from "~/db/schema/calendars";

/*
 * Reading a calendar's iCalendar text from where it lives: a CalDAV collection (through tsdav,
 * one REPORT for the events in the window) or a secret iCalendar address (one GET). Either
 * fails loudly on any refusal or unreachable server: tsdav by itself turns a 401 into "no
 * events", which would wipe the consultant's busy times, so every response goes through
 * `strictFetch` and a refusal stops the sync with a message staff can act on.
 */

export interface CalendarSource {
  kind: CalendarKind;
  /** The CalDAV collection URL, or the secret address. */
  url: string;
  username: string;
  password: string;
}

/** Reads the iCalendar texts for a window; tests and other transports may bring their own. */
export type CalendarReader = (
  source: CalendarSource,
  window: { from: Date; to: Date },
) => Promise<string[]>;

const TIMEOUT_MS = 30_000;
/** A calendar file larger than this is refused rather than held in memory. */
const MAX_ICS_BYTES = 10 * 1024 * 1024;

export class CalendarReadError extends Error {}

function refusal(status: number): string {
  if (status === 401 || status === 403) {
    return `The calendar server refused the user name or password (HTTP ${status}).`;
  }
  if (status === 404) return "No calendar at this address (HTTP 404).";
  return `The calendar server answered HTTP ${status}.`;
}

export const strictFetch: typeof fetch = async (input, init) => {
  let response: Response;
  try {
    response = await fetch(input, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new CalendarReadError(`The calendar server could not be reached (${reason(error)}).`);
  }
  if (!response.ok) throw new CalendarReadError(refusal(response.status));
  return response;
};

function reason(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    if (error.name === "TimeoutError") return "no answer within 30 seconds";
    return cause?.code ?? error.message;
  }
  return String(error);
}

/** A `webcal://` address (what Outlook and Apple hand out) is fetched over HTTPS. */
export function fetchableAddress(url: string): string {
  return url.replace(/^webcal:\/\//i, "https://");
}

async function readIcs(url: string): Promise<string> {
  const response = await strictFetch(fetchableAddress(url), { redirect: "follow" });
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > MAX_ICS_BYTES)
    throw new CalendarReadError("The calendar file is larger than 10 MB.");
  const text = await response.text();
  if (text.length > MAX_ICS_BYTES)
    throw new CalendarReadError("The calendar file is larger than 10 MB.");
  if (!text.trimStart().toUpperCase().startsWith("BEGIN:VCALENDAR")) {
    throw new CalendarReadError("The address did not give an iCalendar file.");
  }
  return text;
}

async function readCaldav(source: CalendarSource, window: { from: Date; to: Date }) {
  const objects = await fetchCalendarObjects({
    calendar: { url: source.url },
    timeRange: { start: window.from.toISOString(), end: window.to.toISOString() },
    headers: getBasicAuthHeaders({ username: source.username, password: source.password }),
    // Every object the server matched, whatever its name (not only "*.ics").
    urlFilter: (url) => Boolean(url) && !url.endsWith("/"),
    fetch: strictFetch,
  });
  return objects.flatMap((object) => (typeof object.data === "string" ? [object.data] : []));
}

export const readCalendar: CalendarReader = async (source, window) =>
  source.kind === "ics" ? [await readIcs(source.url)] : readCaldav(source, window);
