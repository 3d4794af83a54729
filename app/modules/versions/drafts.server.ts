import type { DB } from "~/db/client.server";
import { type Actor, runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import type { ScheduleHandler } from "./schedules.server";
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
  /**
   * A kind whose items can be taken off the site and put back (postings): its own status command
   * (inside `trx`), true when it changed something. Left out for a kind that is always on the
   * site (services, page texts), which can then only be scheduled to publish its draft.
   */
  setLive?(trx: DB, actor: Actor, key: string, live: boolean): Promise<boolean>;
  /**
   * Called (inside `trx`, after the change) with the fields of a draft that was dropped or
   * replaced, so a kind whose drafts hold files (resources) removes those nothing refers to now.
   */
  draftDropped?(trx: DB, key: string, fields: ContentFields): Promise<void>;
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
    const replaced = await getDraft(trx, spec.kind, key);
    await putDraft(trx, actor, spec.kind, key, spec.fieldsOf(item));
    if (replaced) await spec.draftDropped?.(trx, key, replaced.fields);
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
    if (draft) await spec.draftDropped?.(trx, key, draft.fields);
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
    const replaced = await getDraft(trx, spec.kind, key);
    if (spec.isLive(live)) await putDraft(trx, actor, spec.kind, key, spec.fieldsOf(item));
    else if (!(await spec.apply(trx, actor, key, item))) return { result: false };
    if (replaced) await spec.draftDropped?.(trx, key, replaced.fields);
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
    const draft = await getDraft(trx, spec.kind, key);
    if (!live || !draft || !(await dropDraft(trx, spec.kind, key))) return { result: false };
    await spec.draftDropped?.(trx, key, draft.fields);
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

const SCHEDULED = "Published (scheduled)";

/**
 * The schedule job's way with a kind (decision 0060, issue 29), the same for every kind described
 * here. A publish puts the draft live (keeping a version, "Published (scheduled)") and, for a kind
 * with `setLive` whose item is off the site, puts the item on it; an unpublish takes it off (a
 * kind that is always on the site has nothing to unpublish). `changed: false` when there was
 * nothing to do, so the run says so instead of claiming a change.
 */
export function draftScheduleHandler<T>(
  spec: DraftableKind<T>,
  titleOf: (item: T, key: string) => string,
): ScheduleHandler {
  return async (trx, key, action) => {
    const live = await spec.load(trx, key);
    if (!live) return undefined;
    if (action === "unpublish") {
      const changed = spec.setLive ? await spec.setLive(trx, SYSTEM_ACTOR, key, false) : false;
      return { title: titleOf(live, key), changed };
    }
    const draft = await getDraft(trx, spec.kind, key);
    const item = draft && spec.itemOf(draft.fields, live);
    if (spec.isLive(live) || !spec.setLive) {
      if (!item) return { title: titleOf(live, key), changed: false };
      const published = await publishItem(trx, SYSTEM_ACTOR, spec, key, undefined, SCHEDULED);
      return { title: titleOf(published.ok ? published.item : live, key), changed: published.ok };
    }
    // Off the site: a draft kept from before is applied first; going live keeps the version.
    if (item && draft) {
      await spec.apply(trx, SYSTEM_ACTOR, key, item);
      await dropDraft(trx, spec.kind, key);
      await spec.draftDropped?.(trx, key, draft.fields);
    }
    const changed = (await spec.setLive(trx, SYSTEM_ACTOR, key, true)) || Boolean(item);
    return { title: titleOf((await spec.load(trx, key)) ?? live, key), changed };
  };
}
