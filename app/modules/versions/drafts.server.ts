import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import {
  type ContentFields,
  type ContentKind,
  dropDraft,
  getDraft,
  getVersion,
  putDraft,
  recordVersion,
} from "./versions.server";

/*
 * Drafts and versions of a kind of content whose key never moves (services, page texts, job
 * postings; issue 29, decision 0060). The owning module describes its kind once (how to read an
 * item, turn it into the fields a version keeps and back, whether it has a live page, and how its
 * own command writes it) and gets the commands: save a draft, publish, restore a version, discard
 * the draft. A draft changes no public page, so saving one raises no content version; publishing
 * goes through the kind's own write command, which raises it, and keeps a version, in one
 * `runCommand`. Articles, whose key (the slug) can change with a publish, keep their own wrapper
 * (`library/article-versions.server.ts`) on the same store.
 */

export interface DraftableKind<T> {
  kind: ContentKind;
  /** The audit entry's entity type ("service", "page", "career"). */
  entityType: string;
  /** The item in an audit summary: `the service "Job Evaluation"`. */
  describe(item: T, key: string): string;
  /** The item as it is live (its row); undefined when there is none. */
  load(db: DB, key: string): Promise<T | undefined>;
  /**
   * Whether the item has a live page. An item without one (a posting that is a draft) has its
   * saves written straight to its row: there is nothing public to keep apart from.
   */
  isLive(item: T): boolean;
  /** The item as a version or draft stores it. */
  fieldsOf(item: T): ContentFields;
  /** Stored fields back as an item (over the live one); undefined when they no longer pass. */
  itemOf(fields: ContentFields, live: T): T | undefined;
  /** Writes the item to its row through the kind's own command (inside `trx`); false: gone. */
  apply(trx: DB, actor: Actor, key: string, item: T): Promise<boolean>;
}

export interface DraftInfo {
  savedAt: string;
  savedByName: string;
}

/** The item as staff are editing it (its draft over its row), the live item, and the draft. */
export async function loadEditing<T>(
  db: DB,
  spec: DraftableKind<T>,
  key: string,
): Promise<{ item: T; live: T; draft?: DraftInfo } | undefined> {
  const live = await spec.load(db, key);
  if (!live) return undefined;
  const draft = await getDraft(db, spec.kind, key);
  const item = draft && spec.itemOf(draft.fields, live);
  if (!draft || !item) return { item: live, live };
  return { item, live, draft: { savedAt: draft.savedAt, savedByName: draft.savedByName } };
}

/** What a save did: kept as the draft, written to the row (no live page), or found nothing. */
export type DraftSaveOutcome = "drafted" | "saved" | "missing";

/** Saves the form: the draft of a live item (no public change), else the item's row. */
export function saveDraft<T>(
  db: DB,
  actor: Actor,
  spec: DraftableKind<T>,
  key: string,
  item: T,
): Promise<DraftSaveOutcome> {
  return runCommand<DraftSaveOutcome>(db, actor, async (trx) => {
    const live = await spec.load(trx, key);
    if (!live) return { result: "missing" };
    if (!spec.isLive(live)) {
      return { result: (await spec.apply(trx, actor, key, item)) ? "saved" : "missing" };
    }
    await putDraft(trx, actor, spec.kind, key, spec.fieldsOf(item));
    return {
      result: "drafted",
      audit: {
        action: "draft",
        entityType: spec.entityType,
        entityId: key,
        summary: `Saved a draft of ${spec.describe(item, key)}`,
      },
    };
  });
}

export type PublishOutcome<T> = { ok: true; item: T; version: number } | { ok: false };

/**
 * Publishes `item` (the form as posted), else the draft, else the item as it is: the kind's
 * command writes it (raising the content version), a version of what went live is kept and the
 * draft is dropped, all in one transaction.
 */
export function publishItem<T>(
  db: DB,
  actor: Actor,
  spec: DraftableKind<T>,
  key: string,
  item?: T,
  note = "Published",
): Promise<PublishOutcome<T>> {
  return runCommand<PublishOutcome<T>>(db, actor, async (trx) => {
    const live = await spec.load(trx, key);
    if (!live) return { result: { ok: false } };
    const draft = await getDraft(trx, spec.kind, key);
    const chosen = item ?? (draft && spec.itemOf(draft.fields, live));
    if (chosen && !(await spec.apply(trx, actor, key, chosen))) return { result: { ok: false } };
    await dropDraft(trx, spec.kind, key);
    const published = (await spec.load(trx, key)) ?? live;
    const version = await recordVersion(trx, actor, spec.kind, key, spec.fieldsOf(published), note);
    return {
      result: { ok: true, item: published, version },
      audit: {
        action: "version",
        entityType: spec.entityType,
        entityId: key,
        summary: `Kept version ${version} of ${spec.describe(published, key)}`,
      },
    };
  });
}

/**
 * Makes version `number` the draft again (history is never rewritten: publishing it keeps a new
 * version). An item without a live page gets it on its row. False: no such item or version.
 */
export function restoreItemVersion<T>(
  db: DB,
  actor: Actor,
  spec: DraftableKind<T>,
  key: string,
  number: number,
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const live = await spec.load(trx, key);
    const version = await getVersion(trx, spec.kind, key, number);
    const item = live && version && spec.itemOf(version.fields, live);
    if (!live || !item) return { result: false };
    if (spec.isLive(live)) await putDraft(trx, actor, spec.kind, key, spec.fieldsOf(item));
    else if (!(await spec.apply(trx, actor, key, item))) return { result: false };
    return {
      result: true,
      audit: {
        action: "restore",
        entityType: spec.entityType,
        entityId: key,
        summary: `Restored version ${number} of ${spec.describe(item, key)} as a draft`,
      },
    };
  });
}

/** Drops the item's draft; false when it had none. */
export function discardItemDraft<T>(
  db: DB,
  actor: Actor,
  spec: DraftableKind<T>,
  key: string,
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const live = await spec.load(trx, key);
    if (!live || !(await dropDraft(trx, spec.kind, key))) return { result: false };
    return {
      result: true,
      audit: {
        action: "draft",
        entityType: spec.entityType,
        entityId: key,
        summary: `Discarded the draft of ${spec.describe(live, key)}`,
      },
    };
  });
}
