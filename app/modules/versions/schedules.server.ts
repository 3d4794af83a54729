import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { nowIso } from "~/lib/time";
import { type Actor, runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { formatScheduleTime } from "./ist";
import type { ContentKind } from "./versions.server";

/*
 * Publishing and unpublishing at a set time (issue 29, decision 0060). Staff add a schedule (a
 * moment in UTC, typed in IST); the schedule job of every instance runs `runDueSchedules` each
 * minute. Each due schedule is claimed inside the transaction of its change (`doneAt` set where
 * it is still null), so two instances running at once do it once: on PostgreSQL the second
 * update waits for the first's row lock and then matches no row; on SQLite writes are serial.
 */

export type ScheduleAction = "publish" | "unpublish";

export interface ContentSchedule {
  id: string;
  kind: string;
  entityId: string;
  action: ScheduleAction;
  runAt: string;
  createdByName: string;
}

/**
 * The run a handler is called in: the job's clock (the moment it counts as now) and the staff
 * member who set the schedule. Most kinds publish as System and ignore it; the privacy notice
 * keeps both on the version it publishes (decision 0075), since its ledger names who and when.
 */
export interface ScheduleRun {
  now: Date;
  scheduledBy: Actor;
}

/**
 * How a kind publishes or unpublishes an item, inside the given transaction (a command run with
 * `trx` joins it, so its content-version bump commits with the claim). Undefined: no such item.
 * `changed: false`: the item was there but there was nothing to do (a publish with no draft of a
 * page that is always on the site, an unpublish of a posting already off it).
 */
export type ScheduleHandler = (
  trx: DB,
  entityId: string,
  action: ScheduleAction,
  run: ScheduleRun,
) => Promise<{ title: string; changed?: boolean } | undefined>;

export type ScheduleHandlers = Partial<Record<ContentKind, ScheduleHandler>>;

const LABEL: Record<ScheduleAction, string> = { publish: "publish", unpublish: "unpublish" };

/** The item's schedules not yet done, soonest first. */
export async function listPendingSchedules(
  db: DB,
  kind: ContentKind,
  entityId: string,
): Promise<ContentSchedule[]> {
  return db
    .selectFrom("contentSchedules")
    .select(["id", "kind", "entityId", "action", "runAt", "createdByName"])
    .where("kind", "=", kind)
    .where("entityId", "=", entityId)
    .where("doneAt", "is", null)
    .orderBy("runAt")
    .execute();
}

/** Adds a schedule; `title` names the item in the audit log. */
export function addSchedule(
  db: DB,
  actor: Actor,
  item: { kind: ContentKind; entityId: string; title: string },
  action: ScheduleAction,
  runAt: string,
): Promise<string> {
  return runCommand(db, actor, async (trx) => {
    const id = sortableId("sch");
    await trx
      .insertInto("contentSchedules")
      .values({
        id,
        kind: item.kind,
        entityId: item.entityId,
        action,
        runAt,
        createdAt: nowIso(),
        createdById: actor.id,
        createdByName: actor.name,
        doneAt: null,
        outcome: "",
      })
      .execute();
    return {
      result: id,
      audit: {
        action: "schedule",
        entityType: item.kind,
        entityId: item.entityId,
        summary: `Scheduled to ${LABEL[action]} "${item.title}" at ${formatScheduleTime(runAt)}`,
      },
    };
  });
}

/** Cancels a schedule not yet done; false when it is done or gone. */
export function cancelSchedule(
  db: DB,
  actor: Actor,
  item: { kind: ContentKind; entityId: string; title: string },
  id: string,
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const row = await trx
      .selectFrom("contentSchedules")
      .select(["action", "runAt"])
      .where("id", "=", id)
      .where("kind", "=", item.kind)
      .where("entityId", "=", item.entityId)
      .where("doneAt", "is", null)
      .executeTakeFirst();
    if (!row) return { result: false };
    await trx
      .deleteFrom("contentSchedules")
      .where("id", "=", id)
      .where("doneAt", "is", null)
      .execute();
    return {
      result: true,
      audit: {
        action: "schedule",
        entityType: item.kind,
        entityId: item.entityId,
        summary: `Cancelled the scheduled ${LABEL[row.action]} of "${item.title}" (${formatScheduleTime(row.runAt)})`,
      },
    };
  });
}

/**
 * Does every schedule due at `now` that no other run has claimed; resolves with how many this
 * run did. Each is its own transaction: one that fails is left for the next run.
 */
export async function runDueSchedules(
  db: DB,
  handlers: ScheduleHandlers,
  now: Date,
): Promise<number> {
  const due = await db
    .selectFrom("contentSchedules")
    .select(["id", "kind", "entityId", "action", "createdById", "createdByName"])
    .where("doneAt", "is", null)
    .where("runAt", "<=", now.toISOString())
    .orderBy("runAt")
    .limit(100)
    .execute();
  let done = 0;
  for (const schedule of due) {
    const handler = handlers[schedule.kind as ContentKind];
    if (!handler) continue;
    const did = await runCommand(db, SYSTEM_ACTOR, async (trx) => {
      const claim = await trx
        .updateTable("contentSchedules")
        .set({ doneAt: now.toISOString(), outcome: "claimed" })
        .where("id", "=", schedule.id)
        .where("doneAt", "is", null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) === 0) return { result: false };
      const item = await handler(trx, schedule.entityId, schedule.action, {
        now,
        scheduledBy: { id: schedule.createdById, name: schedule.createdByName },
      });
      const unchanged = item?.changed === false;
      await trx
        .updateTable("contentSchedules")
        .set({ outcome: item ? (unchanged ? "unchanged" : "done") : "missing" })
        .where("id", "=", schedule.id)
        .execute();
      return {
        result: true,
        audit: item && {
          action: "schedule",
          entityType: schedule.kind,
          entityId: schedule.entityId,
          summary: unchanged
            ? `The scheduled ${LABEL[schedule.action]} of "${item.title}" found nothing to change`
            : `Ran the scheduled ${LABEL[schedule.action]} of "${item.title}"`,
        },
      };
    });
    if (did) done += 1;
  }
  return done;
}
