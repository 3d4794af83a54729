import type { DB } from "~/db/client.server";
import { INDIA_TIME_ZONE } from "~/lib/india-format";
import { bumpAvailabilityVersion } from "~/modules/commands/availability-version.server";
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

/** What a change to one consultant's setup did: its result, and the audit line when it changed. */
type ConsultantChange<T> = { result: SetupResult<T>; summary?: string };

/**
 * A command on one consultant's setup: finds the consultant (refusing when they are gone), runs
 * the change and records an audit entry on the consultant when the change says what it did.
 */
function changeConsultant<T>(
  db: DB,
  actor: Actor,
  consultantId: string,
  change: (trx: DB, consultant: Consultant) => Promise<ConsultantChange<T>>,
): Promise<SetupResult<T>> {
  return runCommand(db, actor, async (trx) => {
    const consultant = await getConsultant(trx, consultantId);
    if (!consultant) return { result: refused(NO_CONSULTANT) as SetupResult<T> };
    const { result, summary } = await change(trx, consultant);
    if (!summary) return { result };
    // Every recorded change of a consultant's setup can change the free times on /book.
    await bumpAvailabilityVersion(trx);
    return {
      result,
      audit: { action: "update", entityType: "consultant", entityId: consultantId, summary },
    };
  });
}

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
    await bumpAvailabilityVersion(trx);
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
  return changeConsultant(db, actor, consultantId, async (trx, before) => {
    await updateConsultant(trx, consultantId, input);
    const after = (await getConsultant(trx, consultantId)) ?? before;
    const unchanged =
      before.displayName === after.displayName &&
      before.dailyLimit === after.dailyLimit &&
      before.active === after.active;
    return {
      result: done(after),
      summary: unchanged
        ? undefined
        : `Updated the consultant ${after.displayName} (daily limit ${after.dailyLimit}, ${after.active ? "taking bookings" : "not taking bookings"})`,
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
  return changeConsultant(db, actor, consultantId, async (trx, consultant) => {
    const sorted = [...hours].sort(
      (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
    );
    await replaceWeeklyHours(trx, consultantId, sorted);
    return {
      result: done(true),
      summary: `Set the weekly hours of ${consultant.displayName} (IST): ${describeWeek(sorted)}`,
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
  return changeConsultant(db, actor, consultantId, async (trx, consultant) => {
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
      summary: `Blocked ${input.date} for ${consultant.displayName}${input.note ? ` (${input.note})` : ""}`,
    };
  });
}

export function unblockDate(
  db: DB,
  actor: Actor,
  consultantId: string,
  date: string,
): Promise<SetupResult> {
  return changeConsultant(db, actor, consultantId, async (trx, consultant) => ({
    result: done(true),
    summary: (await deleteBlockedDate(trx, consultantId, date))
      ? `Unblocked ${date} for ${consultant.displayName}`
      : undefined,
  }));
}

/** One-off hours on an IST date, beside (or instead of none of) the weekly hours. */
export function addExtraHours(
  db: DB,
  actor: Actor,
  consultantId: string,
  input: ExtraHoursInput,
): Promise<SetupResult<{ id: string }>> {
  return changeConsultant(db, actor, consultantId, async (trx, consultant) => ({
    result: done({ id: await insertExtraHours(trx, consultantId, input) }),
    summary: `Added hours on ${input.date}, ${input.start}-${input.end} IST, for ${consultant.displayName}`,
  }));
}

export function removeExtraHours(
  db: DB,
  actor: Actor,
  consultantId: string,
  id: string,
): Promise<SetupResult> {
  return changeConsultant(db, actor, consultantId, async (trx, consultant) => ({
    result: done(true),
    summary: (await deleteExtraHours(trx, consultantId, id))
      ? `Removed extra hours of ${consultant.displayName}`
      : undefined,
  }));
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
    await bumpAvailabilityVersion(trx);
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
