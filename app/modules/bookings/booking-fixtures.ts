import type { DB } from "~/db/client.server";
import type { StaffActor } from "~/modules/commands/command.server";
import { insertStaffAccount } from "~/modules/staff/staff.server";
import type { BookingRequest } from "./booking.schema";
import { FIRST_CONSULTANT_HOURS } from "./booking.schema";
import type { BookingContext } from "./booking-commands.server";
import { addConsultant, setWeeklyHours } from "./consultant-commands.server";

/*
 * Test fixtures for bookings. The clock is Monday 2 March 2026, 05:30 IST (00:00 UTC): with the
 * default 12 hours' notice the first slot is Monday 17:30 IST, and Tuesday 3 March is a full
 * day, 10:00-18:00 IST = 04:30-12:30 UTC.
 */

export const NOW = new Date("2026-03-02T00:00:00.000Z");
/** Tuesday 3 March 2026, 10:00 IST. */
export const TUESDAY_10_IST = "2026-03-03T04:30:00.000Z";
export const TUESDAY_1030_IST = "2026-03-03T05:00:00.000Z";
export const TUESDAY_11_IST = "2026-03-03T05:30:00.000Z";
export const SECRET = "test-secret-for-bookings-0123456789abcdef";

export const bookingContext = (now: Date = NOW): BookingContext => ({
  secret: SECRET,
  mail: { enabled: true, baseUrl: "https://trc.example.in", notifyTo: "firm@example.in" },
  now,
});

let counter = 0;

/** A staff account made a consultant with the given weekly hours (weekdays 10-18 IST). */
export async function consultantFixture(
  db: DB,
  options: { name?: string; dailyLimit?: number; hours?: typeof FIRST_CONSULTANT_HOURS } = {},
) {
  counter += 1;
  const name = options.name ?? `Consultant ${counter}`;
  const username = `consultant${counter}${Date.now().toString(36)}`;
  const userId = await insertStaffAccount(db, {
    name,
    username,
    email: `${username}@example.in`,
    role: "editor",
    passwordHash: "not-a-hash",
  });
  const admin: StaffActor = { id: userId, name };
  const added = await addConsultant(db, admin, {
    userId,
    displayName: name,
    dailyLimit: options.dailyLimit ?? 8,
    active: true,
  });
  if (!added.ok) throw new Error(added.error);
  await setWeeklyHours(db, admin, added.value.id, options.hours ?? FIRST_CONSULTANT_HOURS);
  return { consultant: added.value, actor: admin };
}

/** A visitor's valid booking request for a slot. */
export function bookingRequest(startsAt: string, overrides: Partial<BookingRequest> = {}) {
  counter += 1;
  return {
    firstName: "Asha",
    lastName: `Visitor ${counter}`,
    email: `asha${counter}@example.com`,
    company: "Example Industries",
    title: "HR Director",
    phone: "+91 98765 43210",
    companySize: "",
    industry: "",
    service: "",
    timeline: "",
    message: "We would like to review our pay structure.",
    newsletter: false,
    startsAt,
    timeZone: "Asia/Kolkata",
    ...overrides,
  } satisfies BookingRequest;
}

/** Empties every booking table between tests. */
export async function clearBookings(db: DB) {
  for (const table of [
    "bookingCells",
    "consultantDayLoads",
    "bookings",
    "consultantExtraHours",
    "consultantBlockedDates",
    "consultantWeeklyHours",
    "consultants",
    "bookingSettings",
    "mailOutbox",
    "enquiries",
    "auditLog",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}
