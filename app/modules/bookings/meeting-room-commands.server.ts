import type { DB } from "~/db/client.server";
import {
  type Actor,
  type CommandOutcome,
  runCommand,
  type StaffActor,
} from "~/modules/commands/command.server";
import { done, refused, type StaffResult } from "~/modules/staff/staff.server";
import { consultantOfUser, getConsultant } from "./consultants.server";
import { saveConsultantRoom } from "./meeting-links.server";

/*
 * Staff set a consultant's own meeting room (decision 0047). The address comes validated by
 * meetingRoomFormSchema (meeting-link.ts). No public change: the link is shown only on the
 * private booking page, in mails and invitations, never in a cached page.
 */

/** Sets a consultant's own room, or with "" returns them to generated rooms. */
export function setConsultantRoom(
  db: DB,
  actor: Actor,
  consultantId: string,
  url: string,
): Promise<StaffResult<{ url: string }>> {
  return runCommand(db, actor, async (trx) => {
    const consultant = await getConsultant(trx, consultantId);
    if (!consultant) return { result: refused("This consultant no longer exists") };
    return roomChange(trx, consultant, url);
  });
}

/**
 * A consultant sets their own room on My account (issue 25), whatever their role: the same
 * change and audit entry as an admin's, on the consultant the signed-in account is.
 */
export function setOwnMeetingRoom(
  db: DB,
  actor: StaffActor,
  url: string,
): Promise<StaffResult<{ url: string }>> {
  return runCommand(db, actor, async (trx) => {
    const consultant = await consultantOfUser(trx, actor.id);
    if (!consultant) return { result: refused("Your account is not a consultant's", "meetingUrl") };
    return roomChange(trx, consultant, url);
  });
}

async function roomChange(
  trx: DB,
  consultant: { id: string; displayName: string },
  url: string,
): Promise<CommandOutcome<StaffResult<{ url: string }>>> {
  const consultantId = consultant.id;
  if (!(await saveConsultantRoom(trx, consultantId, url))) return { result: done({ url }) };
  return {
    result: done({ url }),
    audit: {
      action: "update",
      entityType: "consultant",
      entityId: consultantId,
      summary: url
        ? `Set the meeting room of ${consultant.displayName}: ${url}`
        : `Removed the meeting room of ${consultant.displayName}: bookings get a generated room`,
    },
  };
}
