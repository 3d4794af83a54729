import type { DB } from "~/db/client.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import type { Booking } from "./booking-store.server";
import { pastCutoff } from "./reminder-settings";
import { getReminderSettings } from "./reminder-settings.server";

/*
 * Whether the visitor's private link may still change a booking (decision 0046): until the
 * cut-off before the meeting. After it, the page says how to reach the firm instead; the change
 * commands refuse a late post on their own (booking-changes.server.ts).
 */

export interface ChangeWindow {
  open: boolean;
  cutoffHours: number;
  /** Where to reach the firm once it is closed. */
  email: string;
  phone: string;
}

export async function changeWindowOf(
  db: DB,
  booking: Pick<Booking, "startsAt">,
  now: Date = new Date(),
): Promise<ChangeWindow> {
  const settings = await getReminderSettings(db);
  const general = await getGeneralSettings(db);
  return {
    open: !pastCutoff(booking, settings, now),
    cutoffHours: settings.visitorCutoffHours,
    email: general.email,
    phone: general.phone,
  };
}
