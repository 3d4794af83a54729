import { Form } from "react-router";
import {
  buttonClasses,
  CheckboxField,
  checkboxFor,
  FormError,
  fieldsFor,
  TextField,
} from "~/components/admin/forms";
import { formatDate, Panel } from "~/components/admin/page";
import type { ConsultantAvailability } from "~/modules/bookings/consultants.server";
import {
  blockDateFormSchema,
  consultantDetailsFormSchema,
  endField,
  extraHoursFormSchema,
  formFromWeek,
  INTERVALS_PER_DAY,
  startField,
  WEEKDAYS,
} from "~/modules/bookings/setup-forms";
import { WEEKDAY_LABELS } from "~/modules/bookings/weekdays";

/*
 * One consultant's setup: details, weekly hours, blocked dates and extra hours, all IST. Each
 * form posts to the page with an `intent` and the consultant's id; after a refused post it shows
 * what was typed and a message at each field. Editors see the same forms disabled (read only).
 */

export interface SetupActionResult {
  /** The form a refused post came from (its values and errors are shown there only). */
  form?: string;
  message?: string;
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
}

export interface ConsultantRow {
  id: string;
  displayName: string;
  dailyLimit: number;
  active: boolean;
  bookable: boolean;
}

/** The values and errors of one form: what was posted to it, else what is stored. */
export function stateFor(form: string, stored: object, result?: SetupActionResult) {
  const mine = result?.form === form;
  return {
    values: mine ? (result?.values ?? stored) : stored,
    errors: mine ? (result?.errors ?? {}) : {},
  };
}

function Hidden({ intent, consultantId }: { intent: string; consultantId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="consultantId" value={consultantId} />
    </>
  );
}

function Save({ canEdit, label }: { canEdit: boolean; label: string }) {
  return canEdit ? (
    <button type="submit" className={buttonClasses.primary}>
      {label}
    </button>
  ) : null;
}

/**
 * The dated entries of a consultant from today on (blocked dates, extra hours), each with its own
 * small form that removes it; staff who may only read see the list without the buttons.
 */
function DatedEntries({
  entries,
  empty,
  canEdit,
  consultantId,
  removeIntent,
  removeLabel,
}: {
  entries: Array<{
    key: string;
    /** The hidden field that names the entry to the remove intent. */
    field: { name: string; value: string };
    text: string;
    /** The button's accessible name, which says which entry it removes. */
    removeName: string;
  }>;
  empty: string;
  canEdit: boolean;
  consultantId: string;
  removeIntent: string;
  removeLabel: string;
}) {
  if (entries.length === 0) return <p className="mb-4 text-sm text-slate-700">{empty}</p>;
  return (
    <ul className="mb-4 divide-y divide-slate-100">
      {entries.map((entry) => (
        <li
          key={entry.key}
          className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
        >
          <span>{entry.text}</span>
          {canEdit ? (
            <Form method="post">
              <Hidden intent={removeIntent} consultantId={consultantId} />
              <input type="hidden" name={entry.field.name} value={entry.field.value} />
              <button type="submit" className={buttonClasses.small} aria-label={entry.removeName}>
                {removeLabel}
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function ConsultantSetup({
  consultant,
  availability,
  canEdit,
  result,
}: {
  consultant: ConsultantRow;
  availability: ConsultantAvailability;
  canEdit: boolean;
  result?: SetupActionResult;
}) {
  const id = consultant.id;
  const details = stateFor("details", consultant, result);
  const detailField = fieldsFor(consultantDetailsFormSchema, details);
  const hours = stateFor("hours", formFromWeek(availability.weeklyHours), result);
  const block = stateFor("block", { date: "", note: "" }, result);
  const blockField = fieldsFor(blockDateFormSchema, block);
  const extra = stateFor("extra", { date: "", start: "", end: "" }, result);
  const extraField = fieldsFor(extraHoursFormSchema, extra);
  const key = JSON.stringify(result ?? null);
  return (
    <div className="space-y-6" key={`${id}-${key}`}>
      <Panel title={`${consultant.displayName}: details`}>
        <Form method="post" className="grid gap-4 sm:grid-cols-3 sm:items-end">
          <Hidden intent="details" consultantId={id} />
          <fieldset disabled={!canEdit} className="contents">
            <legend className="sr-only">Details of {consultant.displayName}</legend>
            <TextField label="Display name" {...detailField("displayName")} />
            <TextField
              label="Bookings a day at most"
              type="number"
              {...detailField("dailyLimit")}
            />
            <CheckboxField label="Takes bookings" {...checkboxFor("active", details)} />
          </fieldset>
          <div>
            <Save canEdit={canEdit} label="Save details" />
          </div>
        </Form>
      </Panel>

      <Panel title="Weekly hours (IST)">
        {/* Laid out by the panel's own width (a container query), not the window's: beside the
            consultants' column at 1280 px the panel is too narrow for a day's five columns. */}
        <Form method="post" className="@container space-y-4">
          <Hidden intent="hours" consultantId={id} />
          <p className="text-sm text-slate-700">
            Leave both times empty for a day off. Use the second start and end for a split day
            (after a lunch break, for example). Times are on a 5-minute mark, such as 09:30.
          </p>
          <fieldset disabled={!canEdit} className="space-y-3">
            <legend className="sr-only">Weekly hours of {consultant.displayName}</legend>
            {WEEKDAYS.map((weekday) => {
              const day = WEEKDAY_LABELS[weekday - 1];
              const values = hours.values as Record<string, string>;
              const errors = hours.errors as Record<string, string>;
              return (
                <div
                  key={weekday}
                  className="grid grid-cols-2 gap-3 @2xl:grid-cols-[8rem_repeat(4,minmax(0,1fr))] @2xl:items-start"
                >
                  <p className="col-span-2 pt-2 text-sm font-medium text-slate-900 @2xl:col-span-1">
                    {day}
                  </p>
                  {INTERVALS_PER_DAY.flatMap((interval) => {
                    const which = interval === 1 ? "" : " second";
                    return [
                      { name: startField(weekday, interval), label: `${day}${which} start` },
                      { name: endField(weekday, interval), label: `${day}${which} end` },
                    ];
                  }).map((field) => (
                    <TextField
                      key={field.name}
                      label={field.label}
                      name={field.name}
                      type="time"
                      step={300}
                      defaultValue={values[field.name] ?? ""}
                      error={errors[field.name]}
                    />
                  ))}
                </div>
              );
            })}
          </fieldset>
          <Save canEdit={canEdit} label="Save weekly hours" />
        </Form>
      </Panel>

      <Panel title="Blocked dates">
        <DatedEntries
          empty="No dates blocked from today on."
          canEdit={canEdit}
          consultantId={id}
          removeIntent="unblock"
          removeLabel="Unblock"
          entries={availability.blockedDates.map((blocked) => ({
            key: blocked.date,
            field: { name: "date", value: blocked.date },
            text: `${formatDate(blocked.date)}${blocked.note ? ` (${blocked.note})` : ""}`,
            removeName: `Unblock ${formatDate(blocked.date)}`,
          }))}
        />
        {canEdit ? (
          <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <Hidden intent="block" consultantId={id} />
            <TextField label="Date to block" type="date" {...blockField("date")} />
            <TextField label="Note (optional)" {...blockField("note")} />
            <div>
              <button type="submit" className={buttonClasses.primary}>
                Block date
              </button>
            </div>
            <div className="sm:col-span-3">
              <FormError message={(block.errors as Record<string, string>).form} />
            </div>
          </Form>
        ) : null}
      </Panel>

      <Panel title="Extra hours (IST)" className="@container">
        <DatedEntries
          empty="No extra hours from today on."
          canEdit={canEdit}
          consultantId={id}
          removeIntent="remove-extra"
          removeLabel="Remove"
          entries={availability.extraHours.map((hoursOn) => {
            const text = `${formatDate(hoursOn.date)}, ${hoursOn.start} to ${hoursOn.end}`;
            return {
              key: hoursOn.id,
              field: { name: "id", value: hoursOn.id },
              text,
              removeName: `Remove hours on ${text}`,
            };
          })}
        />
        {canEdit ? (
          <Form
            method="post"
            className="grid gap-4 @xl:grid-cols-[1fr_1fr_1fr_auto] @xl:items-start"
          >
            <Hidden intent="extra" consultantId={id} />
            <TextField label="Extra date" type="date" {...extraField("date")} />
            <TextField label="Extra hours start" type="time" step={300} {...extraField("start")} />
            <TextField label="Extra hours end" type="time" step={300} {...extraField("end")} />
            <div className="@xl:pt-6">
              <button type="submit" className={buttonClasses.primary}>
                Add hours
              </button>
            </div>
          </Form>
        ) : null}
      </Panel>
    </div>
  );
}
