import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import {
  type ContentSchedule,
  listPendingSchedules,
  type ScheduleHandler,
} from "~/modules/versions/schedules.server";
import {
  type ContentKind,
  dropDraft,
  getDraft,
  putDraft,
} from "~/modules/versions/versions.server";
import {
  NOTICE_DRAFT_KEY,
  NOTICE_DRAFT_KIND,
  normalNoticeText,
  noticeByVersion,
  type PublishOutcome,
  publishNotice,
} from "./notice.server";
import { withHowPublished } from "./notice-origin";
import { parseNoticeText } from "./notice-text";

/*
 * The privacy notice's draft, history and restore (issue 29, decision 0075). The draft is kept in
 * the drafts store every kind of content uses (kind "privacy"), so saving it changes no public
 * page and raises no content version. The versions stay the notice's own numbered table
 * (decision 0061), because the consent ledger names them: publishing and restoring both go
 * through `publishNotice`, so each is the next notice version, kept whole with who and when.
 * The draft can be scheduled on the one job every kind uses (`runDueSchedules`).
 */

export interface NoticeDraft {
  body: string;
  savedAt: string;
  savedByName: string;
}

export async function noticeDraft(db: DB): Promise<NoticeDraft | undefined> {
  const draft = await getDraft(db, NOTICE_DRAFT_KIND, NOTICE_DRAFT_KEY);
  if (!draft || typeof draft.fields.body !== "string") return undefined;
  return { body: draft.fields.body, savedAt: draft.savedAt, savedByName: draft.savedByName };
}

export type DraftOutcome = { kind: "drafted" } | { kind: "invalid"; message: string };

/**
 * Keeps the text as the draft (replacing any earlier one). It is checked as a publish checks it,
 * so the preview can always show it and "Publish" never meets a draft it must refuse.
 */
export async function saveNoticeDraft(
  db: DB,
  actor: Actor,
  input: { body: string },
): Promise<DraftOutcome> {
  const body = normalNoticeText(input.body);
  const parsed = parseNoticeText(body);
  if (!parsed.ok) return { kind: "invalid", message: parsed.message };
  return runCommand<DraftOutcome>(db, actor, async (trx) => {
    await putDraft(trx, actor, NOTICE_DRAFT_KIND, NOTICE_DRAFT_KEY, { body });
    return {
      result: { kind: "drafted" },
      audit: {
        action: "draft",
        entityType: "privacy_notice",
        entityId: NOTICE_DRAFT_KEY,
        summary: "Saved a draft of the privacy notice",
      },
    };
  });
}

/** Drops the draft; false when there was none. */
export function discardNoticeDraft(db: DB, actor: Actor): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    if (!(await dropDraft(trx, NOTICE_DRAFT_KIND, NOTICE_DRAFT_KEY))) return { result: false };
    return {
      result: true,
      audit: {
        action: "draft",
        entityType: "privacy_notice",
        entityId: NOTICE_DRAFT_KEY,
        summary: "Discarded the draft of the privacy notice",
      },
    };
  });
}

/** Every version with its text, newest first, in the shape the history page compares. */
export async function noticeHistory(db: DB) {
  const rows = await db
    .selectFrom("privacyNoticeVersions")
    .selectAll()
    .orderBy("version", "desc")
    .execute();
  return rows.map((row) => ({
    number: Number(row.version),
    fields: { body: row.body },
    note: withHowPublished("Published", row),
    createdAt: row.publishedAt,
    actorName: row.publishedByName,
  }));
}

/**
 * Publishes version `number`'s text again as the next version (a notice is never edited in
 * place: the ledger's rows keep pointing at the words they were given under). The draft, if
 * any, is left as it was. Undefined: no such version.
 */
export async function restoreNoticeVersion(
  db: DB,
  actor: Actor,
  number: number,
): Promise<PublishOutcome | undefined> {
  const version = await noticeByVersion(db, number);
  if (!version) return undefined;
  return publishNotice(db, actor, { body: version.body, restoredFrom: number });
}

/** The notice as a scheduled item: its schedules' kind and key, and its name in the audit log. */
export const NOTICE_SCHEDULE_ITEM: { kind: ContentKind; entityId: string; title: string } = {
  kind: NOTICE_DRAFT_KIND,
  entityId: NOTICE_DRAFT_KEY,
  title: "Privacy notice",
};

/** The notice's scheduled publishes not yet run, soonest first. */
export function noticeSchedules(db: DB): Promise<ContentSchedule[]> {
  return listPendingSchedules(db, NOTICE_DRAFT_KIND, NOTICE_DRAFT_KEY);
}

/**
 * The schedule job's way with the notice (issue 29, decision 0075): a scheduled publish makes
 * the draft as it is at that moment the next version, through `publishNotice` (content version
 * raised, draft dropped) inside the run's transaction. The version names the admin who set the
 * schedule as its publisher and the run's moment as its date, as the ledger expects of every
 * version; the audit log also says System ran it. The notice is always on the site, so there is
 * no unpublish; no draft, or a draft with the text already in force, changes nothing.
 */
export const noticeScheduleHandler: ScheduleHandler = async (trx, key, action, run) => {
  if (key !== NOTICE_DRAFT_KEY) return undefined;
  const title = NOTICE_SCHEDULE_ITEM.title;
  const draft = action === "publish" ? await noticeDraft(trx) : undefined;
  if (!draft) return { title, changed: false };
  const outcome = await publishNotice(trx, run.scheduledBy, {
    body: draft.body,
    now: run.now,
    dropDraft: true,
    scheduled: true,
  });
  return { title, changed: outcome.kind === "published" };
};
