import { Form, Link } from "react-router";
import {
  buttonClasses,
  CheckboxField,
  checkboxFor,
  fieldsFor,
  SelectField,
  TextField,
} from "~/components/admin/forms";
import { PageHeader, Panel } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { type BookingSettings, DEFAULT_DAILY_LIMIT } from "~/modules/bookings/booking.schema";
import type { ConsultantAvailability } from "~/modules/bookings/consultants.server";
import type { ReminderSettings } from "~/modules/bookings/reminder-settings";
import { addConsultantFormSchema, bookingSettingsFormSchema } from "~/modules/bookings/setup-forms";
import {
  type ConsultantRow,
  ConsultantSetup,
  type SetupActionResult,
  stateFor,
} from "./consultant-setup-panels";
import { MeetingRoomPanel } from "./meeting-room-panel";
import { ReminderSettingsPanel } from "./reminder-settings-panel";

/*
 * The bookings setup page: the booking settings, the consultants (pick one to set up, or mark
 * another staff member as one) and the chosen consultant's details and hours. Admins change it;
 * editors read it (the forms are shown disabled, without their buttons).
 */

export type { SetupActionResult };

const PATH = "/admin/bookings/availability";

export function AvailabilityView({
  consultants,
  selectedId,
  availability,
  meetingUrl,
  settings,
  reminders,
  candidates,
  canEdit,
  notice,
  result,
}: {
  consultants: ConsultantRow[];
  selectedId: string | null;
  availability: ConsultantAvailability | null;
  /** The selected consultant's own meeting room, "" for none. */
  meetingUrl: string;
  settings: BookingSettings;
  reminders: ReminderSettings;
  candidates: Array<{ id: string; name: string }>;
  canEdit: boolean;
  notice: string | null;
  result?: SetupActionResult;
}) {
  const selected = consultants.find((c) => c.id === selectedId);
  const settingsState = stateFor("settings", settings, result);
  const settingsField = fieldsFor(bookingSettingsFormSchema, settingsState);
  const addState = stateFor(
    "add-consultant",
    { userId: "", displayName: "", dailyLimit: String(DEFAULT_DAILY_LIMIT), active: true },
    result,
  );
  const addField = fieldsFor(addConsultantFormSchema, addState);
  const message = result?.message ?? notice;
  return (
    <>
      <p className="mb-4">
        <Link to="/admin/bookings" className="text-sm font-medium text-blue-800 underline">
          ← Back to bookings
        </Link>
      </p>
      <PageHeader
        title="Consultants and hours"
        description={
          canEdit
            ? "Who takes consultations and when, in India Standard Time (IST). Visitors can book the free times these leave."
            : "Who takes consultations and when, in India Standard Time (IST). Only admins can change them."
        }
      />
      <ActionMessage message={message} trigger={result ?? notice} />

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="space-y-6">
          <Panel title="Consultants">
            {consultants.length === 0 ? (
              <p className="text-sm text-slate-700">
                No consultants yet. Mark a staff member as one below; visitors can book once they
                have hours.
              </p>
            ) : (
              <ul className="space-y-2">
                {consultants.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`${PATH}?consultant=${encodeURIComponent(c.id)}`}
                      aria-current={c.id === selectedId ? "page" : undefined}
                      className={`block rounded-md px-3 py-2 text-sm ${c.id === selectedId ? "bg-blue-50 font-semibold text-blue-900" : "text-blue-800 underline"}`}
                    >
                      {c.displayName}
                      <span className="block text-xs font-normal text-slate-700">
                        {c.bookable ? "Takes bookings" : "Not taking bookings"}, up to{" "}
                        {c.dailyLimit} a day
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Panel>

          {canEdit ? (
            <Panel title="Add a consultant">
              {candidates.length === 0 ? (
                <p className="text-sm text-slate-700">
                  Every staff member is a consultant already. Add staff on the Users page first.
                </p>
              ) : (
                <Form method="post" className="space-y-4" key={JSON.stringify(addState)}>
                  <input type="hidden" name="intent" value="add-consultant" />
                  <SelectField
                    label="Staff member"
                    placeholder="Choose a staff member"
                    options={candidates.map((c) => ({ value: c.id, label: c.name }))}
                    {...addField("userId")}
                  />
                  <TextField label="Display name" {...addField("displayName")} />
                  <TextField
                    label="Bookings a day at most"
                    type="number"
                    {...addField("dailyLimit")}
                  />
                  <CheckboxField label="Takes bookings" {...checkboxFor("active", addState)} />
                  <button type="submit" className={buttonClasses.primary}>
                    Add consultant
                  </button>
                </Form>
              )}
            </Panel>
          ) : null}

          <Panel title="Booking settings">
            <Form method="post" className="space-y-4" key={JSON.stringify(settingsState)}>
              <input type="hidden" name="intent" value="settings" />
              <fieldset disabled={!canEdit} className="space-y-4">
                <legend className="sr-only">Booking settings</legend>
                <TextField
                  label="Buffer after each meeting (minutes)"
                  type="number"
                  {...settingsField("bufferMinutes")}
                />
                <TextField
                  label="Minimum notice (hours)"
                  type="number"
                  {...settingsField("minimumNoticeHours")}
                />
                <TextField
                  label="Booking window (days ahead)"
                  type="number"
                  {...settingsField("horizonDays")}
                />
              </fieldset>
              {canEdit ? (
                <button type="submit" className={buttonClasses.primary}>
                  Save settings
                </button>
              ) : null}
            </Form>
          </Panel>
          <ReminderSettingsPanel settings={reminders} canEdit={canEdit} result={result} />
        </div>

        <div className="min-w-0 space-y-6 xl:col-span-2">
          {selected && availability ? (
            <ConsultantSetup
              consultant={selected}
              availability={availability}
              canEdit={canEdit}
              result={result}
            />
          ) : null}
          {selected ? (
            <MeetingRoomPanel
              consultantId={selected.id}
              displayName={selected.displayName}
              meetingUrl={meetingUrl}
              canEdit={canEdit}
              result={result}
            />
          ) : null}
        </div>
      </div>
    </>
  );
}
