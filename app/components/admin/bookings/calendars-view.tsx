import { Form, Link } from "react-router";
import {
  buttonClasses,
  CheckboxField,
  checkboxFor,
  FormError,
  fieldsFor,
  TextField,
} from "~/components/admin/forms";
import { formatDateTime, PageHeader, Panel } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import {
  caldavCalendarFormSchema,
  icsCalendarFormSchema,
  replaceAddressFormSchema,
  replacePasswordFormSchema,
} from "~/modules/calendars/calendar.schema";
import type { CalendarSummary } from "~/modules/calendars/calendar-store.server";

/*
 * Consultants' calendars: for each consultant, their calendars with how the last sync went, and
 * forms to add one (a CalDAV collection or a secret iCalendar address), replace its credentials
 * or remove it. Credentials are never shown: only that they are saved.
 */

export interface CalendarsActionResult {
  /** The form a refused post came from ("add-caldav:<consultant>", "replace-password:<id>"). */
  form?: string;
  message?: string;
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
}

interface ConsultantCalendars {
  id: string;
  displayName: string;
  canManage: boolean;
  calendars: CalendarSummary[];
}

function stateOf(form: string, result: CalendarsActionResult | undefined, stored: object) {
  const mine = result?.form === form;
  return {
    values: mine ? (result?.values ?? stored) : stored,
    errors: mine ? (result?.errors ?? {}) : {},
  };
}

function SyncStatus({ calendar }: { calendar: CalendarSummary }) {
  const lastGood = calendar.lastSyncedAt
    ? `Last read ${formatDateTime(calendar.lastSyncedAt)} IST`
    : "Not read yet";
  return (
    <div className="mt-1 text-sm">
      <p className="text-slate-700">{lastGood}</p>
      {calendar.lastError ? (
        <p className="mt-1 rounded-md bg-red-50 px-2 py-1 text-red-800">
          Reading it failed
          {calendar.lastAttemptAt ? ` at ${formatDateTime(calendar.lastAttemptAt)} IST` : ""}:{" "}
          {calendar.lastError}{" "}
          {calendar.lastSyncedAt
            ? "Bookings go on with the busy times of the last good read."
            : "Bookings go on without this calendar until it can be read."}
        </p>
      ) : null}
    </div>
  );
}

function CalendarEntry({
  calendar,
  canManage,
  result,
}: {
  calendar: CalendarSummary;
  canManage: boolean;
  result?: CalendarsActionResult;
}) {
  const caldav = calendar.kind === "caldav";
  const intent = caldav ? "replace-password" : "replace-address";
  const formKey = `${intent}:${calendar.id}`;
  const state = stateOf(formKey, result, { calendarId: calendar.id });
  const passwordField = fieldsFor(replacePasswordFormSchema, state);
  const addressField = fieldsFor(replaceAddressFormSchema, state);
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{calendar.label}</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
        <dt>{caldav ? "CalDAV address" : "Secret address"}</dt>
        <dd className="break-all">{calendar.address}</dd>
        {caldav ? (
          <>
            <dt>User name</dt>
            <dd className="break-all">{calendar.username}</dd>
            <dt>Password</dt>
            <dd>saved</dd>
            <dt>Bookings</dt>
            <dd>{calendar.writeBookings ? "written into it too" : "not written into it"}</dd>
          </>
        ) : null}
      </dl>
      <SyncStatus calendar={calendar} />
      {canManage ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Form
            method="post"
            className="flex flex-wrap items-end gap-3"
            noValidate
            key={JSON.stringify(state)}
          >
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="calendarId" value={calendar.id} />
            {caldav ? (
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                id={`password-${calendar.id}`}
                {...passwordField("password")}
              />
            ) : (
              <TextField
                label="New secret address"
                type="url"
                id={`secret-address-${calendar.id}`}
                {...addressField("secretAddress")}
              />
            )}
            <button type="submit" className={buttonClasses.secondary}>
              {caldav ? "Replace password" : "Replace address"}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="read-now" />
            <input type="hidden" name="calendarId" value={calendar.id} />
            <button type="submit" className={buttonClasses.secondary}>
              Read now <span className="sr-only">the calendar {calendar.label}</span>
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="calendarId" value={calendar.id} />
            <button type="submit" className={buttonClasses.dangerOutline}>
              Remove <span className="sr-only">the calendar {calendar.label}</span>
            </button>
          </Form>
        </div>
      ) : null}
    </li>
  );
}

function AddForms({
  consultantId,
  result,
}: {
  consultantId: string;
  result?: CalendarsActionResult;
}) {
  const caldavKey = `add-caldav:${consultantId}`;
  const icsKey = `add-ics:${consultantId}`;
  const caldavState = stateOf(caldavKey, result, {
    consultantId,
    label: "",
    url: "",
    username: "",
    writeBookings: false,
  });
  const icsState = stateOf(icsKey, result, { consultantId, label: "" });
  const caldav = fieldsFor(caldavCalendarFormSchema, caldavState);
  const ics = fieldsFor(icsCalendarFormSchema, icsState);
  const formError = (state: { errors: Record<string, string> }) =>
    state.errors.form ?? state.errors.consultantId;
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <Form method="post" className="space-y-3" noValidate key={JSON.stringify(caldavState)}>
        <h3 className="font-semibold text-slate-900">Add a CalDAV calendar</h3>
        {formError(caldavState) ? <FormError message={formError(caldavState) ?? ""} /> : null}
        <input type="hidden" name="intent" value="add-caldav" />
        <input type="hidden" name="consultantId" value={consultantId} />
        <TextField label="Calendar name" id={`caldav-label-${consultantId}`} {...caldav("label")} />
        <TextField
          label="Calendar address (URL)"
          type="url"
          hint="The address of the calendar itself, as your calendar app shows it."
          id={`caldav-url-${consultantId}`}
          {...caldav("url")}
        />
        <TextField
          label="User name"
          autoComplete="off"
          id={`caldav-username-${consultantId}`}
          {...caldav("username")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="Stored encrypted; an app password where the provider offers one."
          id={`caldav-password-${consultantId}`}
          {...caldav("password")}
        />
        <CheckboxField
          label="Also put the consultant's bookings in this calendar"
          id={`caldav-write-${consultantId}`}
          {...checkboxFor("writeBookings", caldavState)}
        />
        <button type="submit" className={buttonClasses.primary}>
          Add CalDAV calendar
        </button>
      </Form>
      <Form method="post" className="space-y-3" noValidate key={JSON.stringify(icsState)}>
        <h3 className="font-semibold text-slate-900">Add a secret calendar address</h3>
        {formError(icsState) ? <FormError message={formError(icsState) ?? ""} /> : null}
        <input type="hidden" name="intent" value="add-ics" />
        <input type="hidden" name="consultantId" value={consultantId} />
        <TextField label="Calendar name" id={`ics-label-${consultantId}`} {...ics("label")} />
        <TextField
          label="Secret address in iCal format"
          type="url"
          hint="Google: Settings of the calendar, “Secret address in iCal format”. Outlook: Shared calendars, “Publish a calendar”, the ICS link. Stored encrypted."
          id={`ics-address-${consultantId}`}
          {...ics("secretAddress")}
        />
        <button type="submit" className={buttonClasses.primary}>
          Add calendar address
        </button>
      </Form>
    </div>
  );
}

export function CalendarsView({
  consultants,
  result,
}: {
  consultants: ConsultantCalendars[];
  result?: CalendarsActionResult;
}) {
  return (
    <>
      <p className="mb-4">
        <Link to="/admin/bookings" className="text-sm font-medium text-blue-800 underline">
          ← Back to bookings
        </Link>
      </p>
      <PageHeader
        title="Consultants' calendars"
        description="Times that are busy in a consultant's own calendars are not offered for booking. Calendars are read every few minutes; a calendar that cannot be read never stops bookings."
      />
      <ActionMessage message={result?.message} trigger={result} />
      {consultants.length === 0 ? (
        <p className="text-sm text-slate-700">
          No consultants yet. Add one on{" "}
          <Link to="/admin/bookings/availability" className="text-blue-800 underline">
            Consultants and hours
          </Link>
          .
        </p>
      ) : (
        <div className="space-y-6">
          {consultants.map((consultant) => (
            <Panel key={consultant.id} title={consultant.displayName}>
              {consultant.calendars.length === 0 ? (
                <p className="text-sm text-slate-700">No calendars yet.</p>
              ) : (
                <ul className="space-y-3">
                  {consultant.calendars.map((calendar) => (
                    <CalendarEntry
                      key={calendar.id}
                      calendar={calendar}
                      canManage={consultant.canManage}
                      result={result}
                    />
                  ))}
                </ul>
              )}
              {consultant.canManage ? (
                <AddForms consultantId={consultant.id} result={result} />
              ) : null}
            </Panel>
          ))}
        </div>
      )}
    </>
  );
}
