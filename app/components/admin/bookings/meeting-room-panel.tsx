import { Form } from "react-router";
import { buttonClasses, fieldsFor, TextField } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import { meetingRoomFormSchema } from "~/modules/bookings/meeting-link";
import { type SetupActionResult, stateFor } from "./consultant-setup-panels";

/*
 * A consultant's own meeting room (decision 0047): a fixed Google Meet, Zoom or Teams address
 * their bookings are joined at; empty for a room generated per booking on the Jitsi Meet server
 * of Settings. Admins change it here; a consultant changes their own on My account.
 */
export function MeetingRoomPanel({
  consultantId,
  displayName,
  meetingUrl,
  canEdit,
  result,
}: {
  consultantId: string;
  displayName: string;
  meetingUrl: string;
  canEdit: boolean;
  result?: SetupActionResult;
}) {
  const state = stateFor("meeting-room", { meetingUrl }, result);
  const field = fieldsFor(meetingRoomFormSchema, state);
  return (
    <Panel title="Meeting room">
      <Form method="post" className="space-y-4" key={JSON.stringify(result ?? null)}>
        <input type="hidden" name="intent" value="meeting-room" />
        <input type="hidden" name="consultantId" value={consultantId} />
        <fieldset disabled={!canEdit} className="contents">
          <legend className="sr-only">Meeting room of {displayName}</legend>
          <TextField
            label="Own meeting room"
            type="url"
            {...field("meetingUrl")}
            hint="The https address of a fixed Google Meet, Zoom or Microsoft Teams meeting. Visitors get it in their invitation and on their booking page. Leave empty to give each booking its own private room on the Jitsi Meet server set in Settings. Consultants can also set their own on My account."
          />
        </fieldset>
        {canEdit ? (
          <button type="submit" className={buttonClasses.primary}>
            Save meeting room
          </button>
        ) : null}
      </Form>
    </Panel>
  );
}
