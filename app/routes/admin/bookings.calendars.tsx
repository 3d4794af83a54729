import { randomUUID } from "node:crypto";
import { data } from "react-router";
import {
  type CalendarsActionResult,
  CalendarsView,
} from "~/components/admin/bookings/calendars-view";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { countOf } from "~/lib/format";
import { listConsultants } from "~/modules/bookings/consultants.server";
import {
  caldavCalendarFormSchema,
  icsCalendarFormSchema,
  replaceAddressFormSchema,
  replacePasswordFormSchema,
} from "~/modules/calendars/calendar.schema";
import {
  addCalendar,
  consultantAccountOf,
  removeCalendar,
  replaceCalendarSecret,
} from "~/modules/calendars/calendar-commands.server";
import { calendarKey } from "~/modules/calendars/calendar-secrets.server";
import { getCalendar, listCalendars } from "~/modules/calendars/calendar-store.server";
import { type SyncOutcome, syncCalendar } from "~/modules/calendars/calendar-sync.server";
import { staffActor } from "~/modules/commands/command.server";
import type { StaffResult } from "~/modules/staff/staff.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/bookings.calendars";

/*
 * Consultants' own calendars (decision 0048): their busy times are kept out of /book. Admins
 * manage every consultant's calendars; a consultant manages their own. Credentials go in and are
 * never shown again: the page says "saved" and offers to replace them.
 */

export const meta: Route.MetaFunction = () => adminMeta("Consultants' calendars");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const consultants = await listConsultants(db);
  return {
    consultants: await Promise.all(
      consultants.map(async (consultant) => ({
        id: consultant.id,
        displayName: consultant.displayName,
        canManage: user.role === "admin" || consultant.userId === user.id,
        calendars: await listCalendars(db, consultant.id),
      })),
    ),
  };
}

const SECRET_FIELDS = ["password", "secretAddress"];

/** A refused post: what was typed (never a credential) and a message per field. */
function invalid(form: string, values: Record<string, unknown>, errors: Record<string, string>) {
  const shown = Object.fromEntries(
    Object.entries(values).filter(([name]) => !SECRET_FIELDS.includes(name)),
  );
  return data<CalendarsActionResult>(
    { form, values: shown, errors, message: "Error: please correct the fields marked below." },
    { status: 400 },
  );
}

function refusedBy(form: string, result: StaffResult<unknown>) {
  if (result.ok) throw new Error("Not a refusal");
  return data<CalendarsActionResult>(
    { form, errors: { [result.field ?? "form"]: result.error }, message: `Error: ${result.error}` },
    { status: 409 },
  );
}

const notAllowed = () =>
  data<CalendarsActionResult>(
    { message: "Error: only admins and the consultant themself can change these calendars." },
    { status: 403 },
  );

/** What a read staff asked for found, in a sentence. */
function readMessage(label: string, outcome: SyncOutcome): string {
  if (outcome.status === "synced") {
    return `Calendar "${label}" read: ${countOf(outcome.busyTimes, "busy time", "busy times")} in the next year.`;
  }
  if (outcome.status === "failed") return `Error: reading "${label}" failed. ${outcome.error}`;
  return `Calendar "${label}" is being read right now; its busy times will show in a moment.`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const actor = staffActor(user);
  const { db, config } = runtimeFrom(context);
  const key = calendarKey(config.authSecret);
  // A read staff wait for, so they see at once whether the address and credentials work.
  const readNow = (calendarId: string) =>
    syncCalendar(db, calendarId, { key, owner: randomUUID() });
  const form = await requireForm(request);
  const intent = String(form.get("intent") ?? "");
  const mayManage = async (consultantId: string) => {
    if (user.role === "admin") return true;
    return (await consultantAccountOf(db, consultantId))?.userId === user.id;
  };
  /** The calendar a post names, when it exists and the user may change it. */
  const calendarOf = async (calendarId: string) => {
    const calendar = await getCalendar(db, calendarId);
    return calendar && (await mayManage(calendar.consultantId)) ? calendar : undefined;
  };

  if (intent === "add-caldav" || intent === "add-ics") {
    const formKey = `${intent}:${String(form.get("consultantId") ?? "")}`;
    const parsed =
      intent === "add-caldav"
        ? parseForm(caldavCalendarFormSchema, form)
        : parseForm(icsCalendarFormSchema, form);
    if (!parsed.success) return invalid(formKey, parsed.values, parsed.errors);
    if (!(await mayManage(parsed.data.consultantId))) return notAllowed();
    const input =
      "secretAddress" in parsed.data
        ? { kind: "ics" as const, ...parsed.data }
        : { kind: "caldav" as const, ...parsed.data };
    const result = await addCalendar(db, actor, key, input);
    if (!result.ok) return refusedBy(formKey, result);
    const outcome = await readNow(result.value.id);
    return {
      message: `Calendar "${result.value.label}" added. ${readMessage(result.value.label, outcome)}`,
    } satisfies CalendarsActionResult;
  }

  if (intent === "replace-password" || intent === "replace-address") {
    const formKey = `${intent}:${String(form.get("calendarId") ?? "")}`;
    const parsed =
      intent === "replace-password"
        ? parseForm(replacePasswordFormSchema, form)
        : parseForm(replaceAddressFormSchema, form);
    if (!parsed.success) return invalid(formKey, parsed.values, parsed.errors);
    const calendar = await calendarOf(parsed.data.calendarId);
    if (!calendar) return notAllowed();
    const secret = "password" in parsed.data ? parsed.data.password : parsed.data.secretAddress;
    const result = await replaceCalendarSecret(db, actor, key, calendar.id, secret);
    if (!result.ok) return refusedBy(formKey, result);
    const outcome = await readNow(calendar.id);
    return {
      message: `New ${intent === "replace-password" ? "password" : "secret address"} saved for "${calendar.label}". ${readMessage(calendar.label, outcome)}`,
    } satisfies CalendarsActionResult;
  }

  if (intent === "read-now") {
    const calendar = await calendarOf(String(form.get("calendarId") ?? ""));
    if (!calendar) return notAllowed();
    return {
      message: readMessage(calendar.label, await readNow(calendar.id)),
    } satisfies CalendarsActionResult;
  }

  if (intent === "remove") {
    const calendar = await calendarOf(String(form.get("calendarId") ?? ""));
    if (!calendar) return notAllowed();
    const result = await removeCalendar(db, actor, calendar.id);
    if (!result.ok) return refusedBy(intent, result);
    return {
      message: `Calendar "${calendar.label}" removed. Its busy times no longer block bookings.`,
    } satisfies CalendarsActionResult;
  }

  return data<CalendarsActionResult>({ message: "Error: unknown request." }, { status: 400 });
}

export default function CalendarsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CalendarsView {...loaderData} result={actionData as CalendarsActionResult | undefined} />;
}

export { AdminErrorBoundary as ErrorBoundary };
