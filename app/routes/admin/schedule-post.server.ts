import { data } from "react-router";
import type { DB } from "~/db/client.server";
import type { Actor } from "~/modules/commands/command.server";
import { istLocalToUtc } from "~/modules/versions/ist";
import { scheduleInputSchema } from "~/modules/versions/schedule.schema";
import { addSchedule, cancelSchedule } from "~/modules/versions/schedules.server";
import type { ContentKind } from "~/modules/versions/versions.server";
import { parseForm } from "~/web/parse-form";

/*
 * The "Schedule" and "Cancel" posts of any edit page (issue 29, decision 0060): checked with the
 * one schema; a refused form answers 400 with what was typed and a message per field.
 */

export interface ScheduleActionResult {
  message: string;
  scheduleState?: { values?: Record<string, unknown>; errors?: Record<string, string> };
}

/** Handles `intent` "schedule" or "cancel-schedule"; undefined for any other. */
export async function scheduleAction(
  db: DB,
  actor: Actor,
  form: FormData,
  item: { kind: ContentKind; entityId: string; title: string },
  noun: string,
) {
  const intent = form.get("intent");
  if (intent === "schedule") {
    const parsed = parseForm(scheduleInputSchema, form);
    if (!parsed.success) {
      return data(
        {
          message: "Error: not scheduled. Please correct the fields marked below.",
          scheduleState: { values: parsed.values, errors: parsed.errors },
        } satisfies ScheduleActionResult,
        { status: 400 },
      );
    }
    const runAt = istLocalToUtc(parsed.data.runAt) as string;
    await addSchedule(db, actor, item, parsed.data.action, runAt);
    return {
      message: `Scheduled: the ${noun} will be ${parsed.data.action === "publish" ? "published" : "unpublished"} then.`,
    } satisfies ScheduleActionResult;
  }
  if (intent === "cancel-schedule") {
    const cancelled = await cancelSchedule(db, actor, item, String(form.get("scheduleId") ?? ""));
    return {
      message: cancelled ? "Scheduled change cancelled." : "That change has already run or gone.",
    } satisfies ScheduleActionResult;
  }
  return undefined;
}
