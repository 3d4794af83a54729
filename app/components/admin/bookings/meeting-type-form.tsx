import { Form, Link } from "react-router";
import {
  buttonClasses,
  CheckboxField,
  checkboxFor,
  fieldsFor,
  TextField,
} from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import { type MeetingType, meetingTypeSchema } from "~/modules/bookings/meeting-types";
import { type SetupActionResult, stateFor } from "./consultant-setup-panels";

/*
 * The form of /admin/bookings/types (meeting-types-view.tsx) that adds a meeting type or changes
 * the one chosen, and the consultant ticks it shares with the routing rules.
 */

export const MEETING_TYPES_PATH = "/admin/bookings/types";

/** Empty for a value that follows the booking settings (or no cap). */
const orEmpty = (value: number | null) => (value === null ? "" : String(value));

export function ConsultantChoices({
  name,
  legend,
  consultants,
  chosen,
  error,
  hint,
}: {
  name: string;
  legend: string;
  consultants: Array<{ id: string; displayName: string }>;
  chosen: string[];
  error?: string;
  hint: string;
}) {
  const errorId = `${name}-${legend.replace(/\W+/g, "-")}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p className="text-xs text-slate-600">{hint}</p>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {consultants.map((consultant) => (
          <label key={consultant.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={consultant.id}
              defaultChecked={chosen.includes(consultant.id)}
              className="h-4 w-4"
            />
            {consultant.displayName}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function MeetingTypeForm({
  editing,
  typeCount,
  consultants,
  canEdit,
  result,
}: {
  /** The type being changed; null: the form adds one. */
  editing: MeetingType | null;
  /** How many types there are: a new one goes last. */
  typeCount: number;
  consultants: Array<{ id: string; displayName: string }>;
  canEdit: boolean;
  result?: SetupActionResult;
}) {
  const stored = editing
    ? {
        ...editing,
        bufferAfterMinutes: orEmpty(editing.bufferAfterMinutes),
        minimumNoticeHours: orEmpty(editing.minimumNoticeHours),
        horizonDays: orEmpty(editing.horizonDays),
        dailyCap: orEmpty(editing.dailyCap),
      }
    : {
        title: "",
        slug: "",
        description: "",
        lengthMinutes: "30",
        bufferBeforeMinutes: "0",
        bufferAfterMinutes: "",
        minimumNoticeHours: "",
        horizonDays: "",
        dailyCap: "",
        feeNote: "",
        active: true,
        sortOrder: String(typeCount),
      };
  const state = stateFor("type", stored, result);
  const field = fieldsFor(meetingTypeSchema, state);
  return (
    <Panel
      title={editing ? `Change ${editing.title}` : "Add a meeting type"}
      actions={
        editing ? (
          <Link to={MEETING_TYPES_PATH} className={buttonClasses.small}>
            Add a new type instead
          </Link>
        ) : undefined
      }
    >
      <Form method="post" className="space-y-4" key={JSON.stringify([editing?.id, result ?? null])}>
        <input type="hidden" name="intent" value="type" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <fieldset disabled={!canEdit} className="space-y-4">
          <legend className="sr-only">Meeting type</legend>
          <TextField label="Title" {...field("title")} />
          <TextField
            label="Address on the booking page"
            {...field("slug")}
            hint="Visitors book it at /book?type= followed by this, such as strategy-call."
          />
          <TextField label="Short description" {...field("description")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Length (minutes)" type="number" {...field("lengthMinutes")} />
            <TextField label="Order" type="number" {...field("sortOrder")} />
            <TextField
              label="Buffer before (minutes)"
              type="number"
              {...field("bufferBeforeMinutes")}
            />
            <TextField
              label="Buffer after (minutes)"
              type="number"
              {...field("bufferAfterMinutes")}
              hint="Empty: as the booking settings."
            />
            <TextField
              label="Minimum notice (hours)"
              type="number"
              {...field("minimumNoticeHours")}
              hint="Empty: as the booking settings."
            />
            <TextField
              label="Booking window (days ahead)"
              type="number"
              {...field("horizonDays")}
              hint="Empty: as the booking settings."
            />
            <TextField
              label="Daily cap per consultant"
              type="number"
              {...field("dailyCap")}
              hint="Bookings of this type a consultant takes a day. Empty: only their own daily limit."
            />
          </div>
          <TextField
            label="Note on fees"
            {...field("feeNote")}
            hint="Empty: the booking page says it is free."
          />
          <ConsultantChoices
            name="consultantIds"
            legend="Consultants"
            consultants={consultants}
            chosen={editing?.consultantIds ?? []}
            error={state.errors.consultantIds}
            hint="None ticked: every consultant who takes bookings."
          />
          <CheckboxField label="Active (visitors can book it)" {...checkboxFor("active", state)} />
        </fieldset>
        {canEdit ? (
          <button type="submit" className={buttonClasses.primary}>
            {editing ? "Save meeting type" : "Add meeting type"}
          </button>
        ) : null}
      </Form>
    </Panel>
  );
}
