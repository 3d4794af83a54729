import type { DateKey } from "./booking-time";

/*
 * How much of the booking window a slot picker shows at a time. No imports the browser would
 * load: the picker's components read it too.
 *
 * With JavaScript a calendar grid of SPAN_DAYS (three weeks: the default 30-day window is two
 * spans), without it a list of WEEK_DAYS of them (each time a radio button; three weeks of them
 * would be 300-odd).
 */
export const SPAN_DAYS = 21;
export const WEEK_DAYS = 7;

/** Where the spans around the one shown start (`?from=`, the visitor's dates), when there are any. */
export interface PickerPages {
  /** The span before this one (the grid's "Earlier times"). */
  earlier?: DateKey;
  /** The week before this one (the list's "Earlier times"). */
  earlierWeek?: DateKey;
  /** The first day with free times after the span ("Later times"). */
  later?: DateKey;
}
