import { data } from "react-router";
import type { DB } from "~/db/client.server";
import type { Actor } from "~/modules/commands/command.server";
import { istLocalToUtc } from "~/modules/versions/ist";
import { scheduleInputSchema } from "~/modules/versions/schedule.schema";
import {
  addSchedule,
  cancelSchedule,
  type ScheduleAction,
} from "~/modules/versions/schedules.server";
import type { ContentKind } from "~/modules/versions/versions.server";
import { parseForm } from "~/web/parse-form";

/*
 * The "Schedule" and "Cancel" posts of any edit page (issue 29, decision 0060): checked with the
 * one schema; a refused form answers 400 with what was typed and a message per field.
 */

export interface ScheduleActionOptions {
  actions?: readonly ScheduleAction[];
  extra?: Record<string, string>;
}

export interface ScheduleActionResult {
  message: string;
  scheduleState?: { values?: Record<string, unknown>; errors?: Record<string, string> };
}

/** Said when an unpublish is asked of a kind that is always on the site. */
export const alwaysLiveMessage = (noun: string) =>
  `The ${noun} is always on the site: choose Publish (its draft).`;

/**
 * Handles `intent` "schedule" or "cancel-schedule"; undefined for any other. `actions`: the
 * changes the kind can be scheduled for; `extra` goes into every answer (which item the page
 * keeps open).
 */
export async function scheduleAction(
  db: DB,
  actor: Actor,
  form: FormData,
  item: { kind: ContentKind; entityId: string; title: string },
  noun: string,
  { actions = ["publish", "unpublish"], extra = {} }: ScheduleActionOptions = {},
) {
  const intent = form.get("intent");
  if (intent === "schedule") {
    const parsed = parseForm(scheduleInputSchema, form);
    const refused = parsed.success
      ? actions.includes(parsed.data.action)
        ? undefined
        : { values: Object.fromEntries(form), errors: { action: alwaysLiveMessage(noun) } }
      : { values: parsed.values, errors: parsed.errors };
    if (refused || !parsed.success) {
      return data(
        {
          ...extra,
          message: "Error: not scheduled. Please correct the fields marked below.",
          scheduleState: refused,
        } satisfies ScheduleActionResult,
        { status: 400 },
      );
    }
    const runAt = istLocalToUtc(parsed.data.runAt) as string;
    await addSchedule(db, actor, item, parsed.data.action, runAt);
    return {
      ...extra,
      message: `Scheduled: the ${noun} will be ${parsed.data.action === "publish" ? "published" : "unpublished"} then.`,
    } satisfies ScheduleActionResult;
  }
  if (intent === "cancel-schedule") {
    const cancelled = await cancelSchedule(db, actor, item, String(form.get("scheduleId") ?? ""));
    return {
      ...extra,
      message: cancelled ? "Scheduled change cancelled." : "That change has already run or gone.",
    } satisfies ScheduleActionResult;
  }
  return undefined;
}
