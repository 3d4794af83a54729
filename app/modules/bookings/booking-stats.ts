import type { DateKey } from "./booking-time";

/*
 * The shapes of the dashboard's booking figures (booking-stats.server.ts counts them), and the
 * rates worked out from them, shared with the view.
 */

export const BOOKING_STATS_WEEKS = 8;

export interface BookingWeek {
  /** The Monday (IST) the week starts on. */
  weekStart: DateKey;
  /** Meetings in the week that were not cancelled. */
  meetings: number;
  held: number;
  noShow: number;
  cancelled: number;
}

export interface ConsultantLoad {
  consultantId: string;
  name: string;
  meetings: number;
  held: number;
  noShow: number;
}

/** The meetings of one meeting type (decision 0050). */
export interface MeetingTypeLoad {
  meetingTypeId: string;
  name: string;
  meetings: number;
  held: number;
  noShow: number;
}

export interface BookingStats {
  weeks: BookingWeek[];
  /** Meetings of those weeks that have started (not cancelled): marked or waiting to be. */
  past: { total: number; held: number; noShow: number; unmarked: number };
  consultants: ConsultantLoad[];
  meetingTypes: MeetingTypeLoad[];
}

/** Held and no-show as whole percentages of the meetings marked; null when none is marked. */
export function attendanceRates(past: BookingStats["past"]) {
  const marked = past.held + past.noShow;
  if (marked === 0) return null;
  const held = Math.round((past.held / marked) * 100);
  return { marked, held, noShow: 100 - held };
}
