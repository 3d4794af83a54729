import type { DB } from "~/db/client.server";
import { INDIA_TIME_ZONE } from "~/lib/india-format";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { done, refused, type StaffResult } from "~/modules/staff/staff.server";
import {
  type BlockedDateInput,
  type BookingSettings,
  type ConsultantInput,
  type ExtraHoursInput,
  WEEKDAY_LABELS,
  type WeeklyHours,
} from "./booking.schema";
import { listBookings } from "./booking-store.server";
import { dayRangeIn } from "./booking-time";
import {
  type Consultant,
  consultantOfUser,
  deleteBlockedDate,
  deleteExtraHours,
  getBookingSettings,
  getConsultant,
  insertBlockedDate,
  insertConsultant,
  insertExtraHours,
  replaceWeeklyHours,
  saveBookingSettings,
  updateConsultant,
} from "./consultants.server";

/*
 * What staff set up for bookings: who is a consultant, their weekly hours, blocked dates and
 * extra hours (IST), and the booking settings. Inputs come validated by booking.schema.ts; these
 * add the checks that need the data (the account exists, is not a consultant already). None
 * raises the content version: the slot pages are rendered per request (decision 0030).
 */

export type SetupResult<T = true> = StaffResult<T>;

const NO_CONSULTANT = "This consultant no longer exists";

/** Marks a staff account as a consultant (no hours yet: they get bookings once hours are set). */
export function addConsultant(
  db: DB,
  actor: Actor,
  input: ConsultantInput & { userId: string },
): Promise<SetupResult<Consultant>> {
  return runCommand(db, actor, async (trx) => {
    const account = await trx
      .selectFrom("user")
      .select(["id", "name"])
      .where("id", "=", input.userId)
      .executeTakeFirst();
    if (!account) return { result: refused("This staff account no longer exists", "userId") };
    if (await consultantOfUser(trx, input.userId)) {
      return { result: refused("This staff member is a consultant already", "userId") };
    }
    const { userId, ...details } = input;
    const consultant = await getConsultant(trx, await insertConsultant(trx, userId, details));
    if (!consultant) throw new Error("The consultant vanished after insert");
    return {
      result: done(consultant),
      audit: {
        action: "create",
        entityType: "consultant",
        entityId: consultant.id,
        summary: `Made ${account.name} a consultant as "${consultant.displayName}"`,
      },
    };
  });
}

/** Changes a consultant's name, daily limit or whether they take bookings. */
export function updateConsultantDetails(
  db: DB,
  actor: Actor,
  consultantId: string,
  input: ConsultantInput,
): Promise<SetupResult<Consultant>> {
  return runCommand(db, actor, async (trx) => {
    const before = await getConsultant(trx, consultantId);
    if (!before) return { result: refused(NO_CONSULTANT) };
    await updateConsultant(trx, consultantId, input);
    const after = (await getConsultant(trx, consultantId)) ?? before;
    const unchanged =
      before.displayName === after.displayName &&
      before.dailyLimit === after.dailyLimit &&
      before.active === after.active;
    if (unchanged) return { result: done(after) };
    return {
      result: done(after),
      audit: {
        action: "update",
        entityType: "consultant",
        entityId: consultantId,
        summary: `Updated the consultant ${after.displayName} (daily limit ${after.dailyLimit}, ${after.active ? "taking bookings" : "not taking bookings"})`,
      },
    };
  });
}

const describeWeek = (hours: WeeklyHours[]) =>
  hours.length === 0
    ? "no hours"
    : hours
        .map((h) => `${WEEKDAY_LABELS[h.weekday - 1]?.slice(0, 3)} ${h.start}-${h.end}`)
        .join(", ");

/** Replaces a consultant's weekly hours (IST) with the given intervals. */
export function setWeeklyHours(
  db: DB,
  actor: Actor,
  consultantId: string,
  hours: WeeklyHours[],
): Promise<SetupResult> {
  return runCommand(db, actor, async (trx) => {
    const consultant = await getConsultant(trx, consultantId);
    if (!consultant) return { result: refused(NO_CONSULTANT) };
    const sorted = [...hours].sort(
      (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
    );
    await replaceWeeklyHours(trx, consultantId, sorted);
    return {
      result: done(true),
      audit: {
        action: "update",
        entityType: "consultant",
        entityId: consultantId,
        summary: `Set the weekly hours of ${consultant.displayName} (IST): ${describeWeek(sorted)}`,
      },
    };
  });
}

/**
 * Blocks an IST date (leave, a holiday): no slots are offered on it. Bookings already made for
 * that day stay; their count comes back so that staff can move or cancel them.
 */
export function blockDate(
  db: DB,
  actor: Actor,
  consultantId: string,
  input: BlockedDateInput,
): Promise<SetupResult<{ bookingsThatDay: number }>> {
  return runCommand(db, actor, async (trx) => {
    const consultant = await getConsultant(trx, consultantId);
    if (!consultant) return { result: refused(NO_CONSULTANT) };
    if (!(await insertBlockedDate(trx, consultantId, input))) {
      return { result: refused("This date is blocked already", "date") };
    }
    const { from, to } = dayRangeIn(input.date, INDIA_TIME_ZONE);
    const bookings = await listBookings(trx, {
      consultantId,
      status: "booked",
      from: from.toISOString(),
      to: to.toISOString(),
    });
    return {
      result: done({ bookingsThatDay: bookings.length }),
      audit: {
        action: "update",
        entityType: "consultant",
        entityId: consultantId,
        summary: `Blocked ${input.date} for ${consultant.displayName}${input.note ? ` (${input.note})` : ""}`,
      },
    };
  });
}

export function unblockDate(
  db: DB,
  actor: Actor,
  consultantId: string,
  date: string,
): Promise<SetupResult> {
  return runCommand(db, actor, async (trx) => {
    const consultant = await getConsultant(trx, consultantId);
    if (!consultant) return { result: refused(NO_CONSULTANT) };
    if (!(await deleteBlockedDate(trx, consultantId, date))) return { result: done(true) };
    return {
      result: done(true),
      audit: {
        action: "update",
        entityType: "consultant",
        entityId: consultantId,
        summary: `Unblocked ${date} for ${consultant.displayName}`,
      },
    };
  });
}

/** One-off hours on an IST date, beside (or instead of none of) the weekly hours. */
export function addExtraHours(
  db: DB,
  actor: Actor,
  consultantId: string,
  input: ExtraHoursInput,
): Promise<SetupResult<{ id: string }>> {
  return runCommand(db, actor, async (trx) => {
    const consultant = await getConsultant(trx, consultantId);
    if (!consultant) return { result: refused(NO_CONSULTANT) };
    const id = await insertExtraHours(trx, consultantId, input);
    return {
      result: done({ id }),
      audit: {
        action: "update",
        entityType: "consultant",
        entityId: consultantId,
        summary: `Added hours on ${input.date}, ${input.start}-${input.end} IST, for ${consultant.displayName}`,
      },
    };
  });
}

export function removeExtraHours(
  db: DB,
  actor: Actor,
  consultantId: string,
  id: string,
): Promise<SetupResult> {
  return runCommand(db, actor, async (trx) => {
    const consultant = await getConsultant(trx, consultantId);
    if (!consultant) return { result: refused(NO_CONSULTANT) };
    if (!(await deleteExtraHours(trx, consultantId, id))) return { result: done(true) };
    return {
      result: done(true),
      audit: {
        action: "update",
        entityType: "consultant",
        entityId: consultantId,
        summary: `Removed extra hours of ${consultant.displayName}`,
      },
    };
  });
}

/** Saves the buffer, minimum notice and booking window; saving the same values records nothing. */
export function updateBookingSettings(
  db: DB,
  actor: Actor,
  settings: BookingSettings,
): Promise<SetupResult<BookingSettings>> {
  return runCommand(db, actor, async (trx) => {
    const before = await getBookingSettings(trx);
    const same = (Object.keys(settings) as Array<keyof BookingSettings>).every(
      (key) => before[key] === settings[key],
    );
    await saveBookingSettings(trx, settings);
    if (same) return { result: done(settings) };
    return {
      result: done(settings),
      audit: {
        action: "update",
        entityType: "settings",
        entityId: "bookings",
        summary: `Updated the booking settings: buffer ${settings.bufferMinutes} min, minimum notice ${settings.minimumNoticeHours} h, bookable ${settings.horizonDays} days ahead`,
      },
    };
  });
}
