import type { DB } from "~/db/client.server";
import { findFreeSlots } from "./availability.server";
import { getBookingSettings } from "./consultants.server";
import { bookableWindow } from "./free-slots";
import { type PickerDay, pickerDaysOf } from "./slot-listing";

/*
 * What a slot picker lists: every slot bookable now, in the whole booking window, as the
 * visitor's days. The pages that show it are never stored by the page cache (decision 0030).
 */

export interface PickerListing {
  days: PickerDay[];
  /** The booking window in days (for "No times are free in the next 30 days"). */
  horizonDays: number;
}

export async function loadPickerDays(
  db: DB,
  timeZone: string,
  options: {
    now?: Date;
    /** A booking being moved: its own slot is free to it. */
    exceptBookingId?: string;
  } = {},
): Promise<PickerListing> {
  const now = options.now ?? new Date();
  const settings = await getBookingSettings(db);
  const { latest } = bookableWindow(settings, now);
  const slots = await findFreeSlots(db, {
    from: now,
    to: new Date(latest + 1),
    now,
    settings,
    exceptBookingId: options.exceptBookingId,
  });
  return { days: pickerDaysOf(slots, timeZone), horizonDays: settings.horizonDays };
}
