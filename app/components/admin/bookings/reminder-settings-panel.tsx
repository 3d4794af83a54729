import { Form } from "react-router";
import { buttonClasses, fieldsFor, TextField } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import {
  type ReminderSettings,
  reminderSettingsSchema,
} from "~/modules/bookings/reminder-settings";
import { type SetupActionResult, stateFor } from "./consultant-setup-panels";

/*
 * The reminders before each consultation and how long before it the visitor's private link stops
 * changing it (decision 0046), on the bookings setup page. Admins change them; editors read them.
 */

export const REMINDERS_INTENT = "reminders";

export function ReminderSettingsPanel({
  settings,
  canEdit,
  result,
}: {
  settings: ReminderSettings;
  canEdit: boolean;
  result?: SetupActionResult;
}) {
  const state = stateFor(REMINDERS_INTENT, settings, result);
  const field = fieldsFor(reminderSettingsSchema, state);
  return (
    <Panel title="Reminders and late changes">
      <Form method="post" className="space-y-4" key={JSON.stringify(state)}>
        <input type="hidden" name="intent" value={REMINDERS_INTENT} />
        <fieldset disabled={!canEdit} className="space-y-4">
          <legend className="sr-only">Reminders and late changes</legend>
          <TextField
            label="E-mail reminders (hours before the meeting)"
            hint="Separate several with commas, such as 24, 1. Leave empty for none."
            {...field("reminderHours")}
          />
          <TextField
            label="Visitors may reschedule or cancel online until (hours before)"
            type="number"
            {...field("visitorCutoffHours")}
          />
        </fieldset>
        {canEdit ? (
          <button type="submit" className={buttonClasses.primary}>
            Save reminders
          </button>
        ) : null}
      </Form>
    </Panel>
  );
}
