import { data, redirect } from "react-router";
import {
  AvailabilityView,
  type SetupActionResult,
} from "~/components/admin/bookings/availability-view";
import { REMINDERS_INTENT } from "~/components/admin/bookings/reminder-settings-panel";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { dateKeyOf } from "~/modules/bookings/booking-time";
import {
  addConsultant,
  addExtraHours,
  blockDate,
  removeExtraHours,
  setWeeklyHours,
  unblockDate,
  updateBookingSettings,
  updateConsultantDetails,
} from "~/modules/bookings/consultant-commands.server";
import {
  getAvailability,
  getBookingSettings,
  listConsultants,
} from "~/modules/bookings/consultants.server";
import { meetingRoomFormSchema } from "~/modules/bookings/meeting-link";
import { consultantRoomOf } from "~/modules/bookings/meeting-links.server";
import { setConsultantRoom } from "~/modules/bookings/meeting-room-commands.server";
import { reminderSettingsSchema } from "~/modules/bookings/reminder-settings";
import {
  getReminderSettings,
  updateReminderSettings,
} from "~/modules/bookings/reminder-settings.server";
import {
  addConsultantFormSchema,
  blockDateFormSchema,
  bookingSettingsFormSchema,
  consultantDetailsFormSchema,
  extraHoursFormSchema,
  weekFromForm,
  weekHoursFormSchema,
} from "~/modules/bookings/setup-forms";
import { staffActor } from "~/modules/commands/command.server";
import type { StaffResult } from "~/modules/staff/staff.server";
import { listStaff } from "~/modules/staff/staff.server";
import { requireAdmin, requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/bookings.availability";

/*
 * Consultants, their hours (IST) and the booking settings. Every staff member may read it (a
 * consultant who is an editor checks their own hours here); only admins change it, since it
 * decides who gets the firm's consultations and when.
 */

export const meta: Route.MetaFunction = () => adminMeta("Consultants and hours");

/** Messages a redirect here asks the page to show (?notice=…). */
const NOTICES: Record<string, string> = {
  added: "Consultant added. Set their weekly hours below so that visitors can book them.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const [consultants, settings, staff] = await Promise.all([
    listConsultants(db),
    getBookingSettings(db),
    listStaff(db),
  ]);
  const url = new URL(request.url);
  const asked = url.searchParams.get("consultant");
  const selected = consultants.find((c) => c.id === asked) ?? consultants[0] ?? null;
  const availability = selected
    ? await getAvailability(db, selected.id, dateKeyOf(new Date()))
    : null;
  const meetingUrl = selected ? await consultantRoomOf(db, selected.id) : "";
  const taken = new Set(consultants.map((c) => c.userId));
  return {
    consultants: consultants.map(({ id, displayName, dailyLimit, active, bookable }) => ({
      id,
      displayName,
      dailyLimit,
      active,
      bookable,
    })),
    selectedId: selected?.id ?? null,
    availability,
    meetingUrl,
    settings,
    reminders: await getReminderSettings(db),
    candidates: staff
      .filter((member) => !taken.has(member.id) && !member.disabled)
      .map((member) => ({ id: member.id, name: member.name || member.username })),
    canEdit: user.role === "admin",
    notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
  };
}

const invalid = (form: string, values: Record<string, unknown>, errors: Record<string, string>) =>
  data<SetupActionResult>(
    { form, values, errors, message: "Error: please correct the fields marked below." },
    { status: 400 },
  );

/** A command's refusal, shown at its field (or above the form). */
function refusedBy(form: string, values: Record<string, unknown>, result: StaffResult<unknown>) {
  if (result.ok) throw new Error("Not a refusal");
  return data<SetupActionResult>(
    {
      form,
      values,
      errors: { [result.field ?? "form"]: result.error },
      message: `Error: ${result.error}`,
    },
    { status: 409 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const actor = staffActor(user);
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  const intent = String(form.get("intent") ?? "");
  const consultantId = String(form.get("consultantId") ?? "");

  if (intent === "settings") {
    const parsed = parseForm(bookingSettingsFormSchema, form);
    if (!parsed.success) return invalid(intent, parsed.values, parsed.errors);
    await updateBookingSettings(db, actor, parsed.data);
    return { message: "Booking settings saved." } satisfies SetupActionResult;
  }

  if (intent === REMINDERS_INTENT) {
    const parsed = parseForm(reminderSettingsSchema, form);
    if (!parsed.success) return invalid(intent, parsed.values, parsed.errors);
    await updateReminderSettings(db, actor, parsed.data);
    return { message: "Reminder settings saved." } satisfies SetupActionResult;
  }

  if (intent === "add-consultant") {
    const parsed = parseForm(addConsultantFormSchema, form);
    if (!parsed.success) return invalid(intent, parsed.values, parsed.errors);
    const result = await addConsultant(db, actor, parsed.data);
    if (!result.ok) return refusedBy(intent, parsed.values, result);
    // To the new consultant's setup, where their hours are set next.
    throw redirect(
      `/admin/bookings/availability?consultant=${encodeURIComponent(result.value.id)}&notice=added`,
    );
  }

  if (intent === "details") {
    const parsed = parseForm(consultantDetailsFormSchema, form);
    if (!parsed.success) return invalid(intent, parsed.values, parsed.errors);
    const result = await updateConsultantDetails(db, actor, consultantId, parsed.data);
    if (!result.ok) return refusedBy(intent, parsed.values, result);
    return { message: "Consultant saved." } satisfies SetupActionResult;
  }

  if (intent === "hours") {
    const parsed = parseForm(weekHoursFormSchema, form);
    if (!parsed.success) return invalid(intent, parsed.values, parsed.errors);
    const result = await setWeeklyHours(db, actor, consultantId, weekFromForm(parsed.data));
    if (!result.ok) return refusedBy(intent, parsed.values, result);
    return { message: "Weekly hours saved." } satisfies SetupActionResult;
  }

  if (intent === "block") {
    const parsed = parseForm(blockDateFormSchema, form);
    if (!parsed.success) return invalid(intent, parsed.values, parsed.errors);
    const result = await blockDate(db, actor, consultantId, parsed.data);
    if (!result.ok) return refusedBy(intent, parsed.values, result);
    const count = result.value.bookingsThatDay;
    return {
      message:
        count === 0
          ? `${parsed.data.date} blocked. No bookings that day.`
          : `${parsed.data.date} blocked. ${count} ${count === 1 ? "booking is" : "bookings are"} already that day: move or cancel ${count === 1 ? "it" : "them"} on the bookings page.`,
    } satisfies SetupActionResult;
  }

  if (intent === "unblock") {
    const date = String(form.get("date") ?? "");
    const result = await unblockDate(db, actor, consultantId, date);
    if (!result.ok) return refusedBy(intent, {}, result);
    return { message: `${date} is open again.` } satisfies SetupActionResult;
  }

  if (intent === "extra") {
    const parsed = parseForm(extraHoursFormSchema, form);
    if (!parsed.success) return invalid(intent, parsed.values, parsed.errors);
    const result = await addExtraHours(db, actor, consultantId, parsed.data);
    if (!result.ok) return refusedBy(intent, parsed.values, result);
    return { message: "Extra hours added." } satisfies SetupActionResult;
  }

  if (intent === "meeting-room") {
    const parsed = parseForm(meetingRoomFormSchema, form);
    if (!parsed.success) return invalid(intent, parsed.values, parsed.errors);
    const result = await setConsultantRoom(db, actor, consultantId, parsed.data.meetingUrl);
    if (!result.ok) return refusedBy(intent, parsed.values, result);
    return {
      message: parsed.data.meetingUrl
        ? "Meeting room saved."
        : "Meeting room removed: bookings get a room of their own.",
    } satisfies SetupActionResult;
  }

  if (intent === "remove-extra") {
    const result = await removeExtraHours(db, actor, consultantId, String(form.get("id") ?? ""));
    if (!result.ok) return refusedBy(intent, {}, result);
    return { message: "Extra hours removed." } satisfies SetupActionResult;
  }

  return data<SetupActionResult>({ message: "Error: unknown request." }, { status: 400 });
}

export default function AvailabilityPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AvailabilityView {...loaderData} result={actionData as SetupActionResult | undefined} />;
}

export { AdminErrorBoundary as ErrorBoundary };
