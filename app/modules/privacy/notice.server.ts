import type { Selectable } from "kysely";
import type { DB } from "~/db/client.server";
import type { PrivacyNoticeVersionsTable } from "~/db/schema";
import { type Actor, type CommandOutcome, runCommand } from "~/modules/commands/command.server";
import { type ContentKind, dropDraft } from "~/modules/versions/versions.server";
import { type NoticeDocument, parseNoticeText } from "./notice-text";

/*
 * The versioned privacy notice (DPDP Act 2023 s.5(1); Rules 2025 r.3): every published version
 * kept whole, the highest in force. docs/decisions/0061-notice-and-consent.md.
 */

export type NoticeVersion = Selectable<PrivacyNoticeVersionsTable>;

export interface PublishedNotice extends NoticeVersion {
  document: NoticeDocument;
}

const withDocument = (row: NoticeVersion): PublishedNotice => {
  const parsed = parseNoticeText(row.body);
  // Only text that parsed is ever published (publishNotice); a row that does not is a bug.
  if (!parsed.ok) throw new Error(`Privacy notice version ${row.version}: ${parsed.message}`);
  return { ...row, document: parsed.document };
};

/** The version in force (the highest), with its document. */
export async function currentNotice(db: DB): Promise<PublishedNotice> {
  const row = await db
    .selectFrom("privacyNoticeVersions")
    .selectAll()
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return withDocument(row);
}

/** The number of the version in force. */
export async function currentNoticeVersion(db: DB): Promise<number> {
  const row = await db
    .selectFrom("privacyNoticeVersions")
    .select((eb) => eb.fn.max("version").as("version"))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

export async function noticeByVersion(
  db: DB,
  version: number,
): Promise<PublishedNotice | undefined> {
  if (!Number.isSafeInteger(version) || version < 1) return undefined;
  const row = await db
    .selectFrom("privacyNoticeVersions")
    .selectAll()
    .where("version", "=", version)
    .executeTakeFirst();
  return row && withDocument(row);
}

/** Every version, newest first, without the text. */
export function listNoticeVersions(db: DB): Promise<Omit<NoticeVersion, "body">[]> {
  return db
    .selectFrom("privacyNoticeVersions")
    .select([
      "version",
      "publishedAt",
      "publishedById",
      "publishedByName",
      "scheduled",
      "restoredFrom",
    ])
    .orderBy("version", "desc")
    .execute();
}

/** Where the notice's draft is kept: the drafts store of every kind (decision 0075). */
export const NOTICE_DRAFT_KIND = "privacy" satisfies ContentKind;
export const NOTICE_DRAFT_KEY = "notice";

/** The text as it is stored: line breaks made plain, one final line break. */
export const normalNoticeText = (text: string) => `${text.replace(/\r\n?/g, "\n").trim()}\n`;

export type PublishOutcome =
  | { kind: "published"; version: number }
  | { kind: "unchanged"; version: number }
  | { kind: "invalid"; message: string };

/**
 * Publishes the text as the next version: kept whole, with who and when, and in force at once
 * (a public change: /privacy and every form's link show it). The same text as the version in
 * force publishes nothing.
 */
export async function publishNotice(
  db: DB,
  actor: Actor,
  input: {
    body: string;
    now?: Date;
    /** The form's publish: the draft it came from is dropped in the same transaction. */
    dropDraft?: boolean;
    /** A restore (decision 0075): the version whose text is published again. */
    restoredFrom?: number;
    /** The schedule job's publish of the draft (the actor is who set the schedule). */
    scheduled?: boolean;
  },
): Promise<PublishOutcome> {
  const body = normalNoticeText(input.body);
  const parsed = parseNoticeText(body);
  if (!parsed.ok) return { kind: "invalid", message: parsed.message };
  return runCommand(db, actor, async (trx): Promise<CommandOutcome<PublishOutcome>> => {
    if (input.dropDraft) await dropDraft(trx, NOTICE_DRAFT_KIND, NOTICE_DRAFT_KEY);
    const current = await currentNotice(trx);
    if (current.body === body) {
      return { result: { kind: "unchanged", version: current.version } };
    }
    const version = current.version + 1;
    await trx
      .insertInto("privacyNoticeVersions")
      .values({
        version,
        body,
        publishedAt: (input.now ?? new Date()).toISOString(),
        publishedById: actor.id,
        publishedByName: actor.name,
        scheduled: input.scheduled ?? false,
        restoredFrom: input.restoredFrom ?? null,
      })
      .execute();
    return {
      result: { kind: "published", version },
      audit: {
        action: input.restoredFrom ? "restore" : "publish",
        entityType: "privacy_notice",
        entityId: String(version),
        summary: input.restoredFrom
          ? `Published version ${input.restoredFrom} of the privacy notice again as version ${version}`
          : `Published version ${version} of the privacy notice`,
      },
      publicChange: true,
    };
  });
}
