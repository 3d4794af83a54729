import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { bumpAvailabilityVersion } from "~/modules/commands/availability-version.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { SERVICE_INTEREST_LABELS, type ServiceInterest } from "~/modules/enquiries/enquiry-options";
import { done, refused, type StaffResult } from "~/modules/staff/staff.server";
import { listConsultants } from "./consultants.server";
import type { MeetingTypeInput, RoutingRuleInput } from "./meeting-types";
import {
  getMeetingType,
  listMeetingTypes,
  meetingTypeBySlug,
  saveMeetingType,
  saveRoutingRule,
} from "./meeting-types.server";

/*
 * Staff define meeting types and routing rules (decision 0050), admins only (the routes guard).
 * Each change is audited and raises the availability version in its own transaction: a type's
 * length, buffers, notice, window, cap, consultants or active switch, and a rule, all change
 * the free times /book offers (decision 0049).
 */

/** Consultant ids that exist; refuses a form naming one that does not (a stale page). */
async function knownConsultants(trx: DB, ids: string[]) {
  const known = new Set((await listConsultants(trx)).map((consultant) => consultant.id));
  return ids.every((id) => known.has(id));
}

/** "Asha Rao, Ravi Iyer", for audit entries. */
async function namesOf(trx: DB, ids: string[]) {
  const consultants = await listConsultants(trx);
  return ids
    .map((id) => consultants.find((consultant) => consultant.id === id)?.displayName ?? id)
    .join(", ");
}

/** Creates a type (`id` undefined) or changes one. */
export function saveMeetingTypeAs(
  db: DB,
  actor: Actor,
  input: MeetingTypeInput,
  id?: string,
): Promise<StaffResult<{ id: string }>> {
  return runCommand(db, actor, async (trx) => {
    const before = id ? await getMeetingType(trx, id) : undefined;
    if (id && !before) return { result: refused("This meeting type no longer exists") };
    const sameSlug = await meetingTypeBySlug(trx, input.slug);
    if (sameSlug && sameSlug.id !== id) {
      return { result: refused("Another meeting type has this address", "slug") };
    }
    if (!(await knownConsultants(trx, input.consultantIds))) {
      return { result: refused("Choose consultants from the list", "consultantIds") };
    }
    if (before?.active && !input.active) {
      const active = await listMeetingTypes(trx, { activeOnly: true });
      if (active.length <= 1) {
        return {
          result: refused(
            "At least one meeting type must stay active, or no one can book",
            "active",
          ),
        };
      }
    }
    const saved = await saveMeetingType(trx, input, nowIso(), id);
    await bumpAvailabilityVersion(trx);
    return {
      result: done({ id: saved }),
      audit: {
        action: id ? "update" : "create",
        entityType: "meeting_type",
        entityId: saved,
        summary: `${id ? "Updated" : "Created"} the meeting type ${input.title} (/book?type=${input.slug}): ${input.lengthMinutes} minutes, ${input.active ? "active" : "inactive"}`,
      },
    };
  });
}

/** Sets which consultants cover a service (none: the rule is removed). */
export function saveRoutingRuleAs(
  db: DB,
  actor: Actor,
  input: RoutingRuleInput,
): Promise<StaffResult<true>> {
  return runCommand(db, actor, async (trx) => {
    if (!(await knownConsultants(trx, input.consultantIds))) {
      return { result: refused("Choose consultants from the list", "consultantIds") };
    }
    if (!(await saveRoutingRule(trx, input.service, input.consultantIds))) {
      return { result: done(true as const) };
    }
    await bumpAvailabilityVersion(trx);
    const label = SERVICE_INTEREST_LABELS[input.service as ServiceInterest];
    return {
      result: done(true as const),
      audit: {
        action: "update",
        entityType: "booking_routing",
        entityId: input.service,
        summary:
          input.consultantIds.length > 0
            ? `Routed bookings about ${label} to ${await namesOf(trx, input.consultantIds)}`
            : `Removed the routing rule for ${label}`,
      },
    };
  });
}
