import type { IsoTime } from "./columns";

/*
 * Drafts, versions and schedules of any kind of content (0028-content-versions,
 * docs/decisions/0060-drafts-versions-scheduling.md), keyed by `kind` + `entityId`.
 */

/** The one unpublished draft of an item: the form's fields as JSON. */
export interface ContentDraftsTable {
  kind: string;
  entityId: string;
  data: string;
  savedAt: IsoTime;
  savedById: string | null;
  savedByName: string;
}

/** A published state of an item, kept for comparing and restoring; never rewritten. */
export interface ContentVersionsTable {
  id: string;
  kind: string;
  entityId: string;
  /** 1, 2, 3... per item. */
  number: number;
  data: string;
  /** What made it: "Published", "Published (scheduled)", "Restored version 2". */
  note: string;
  createdAt: IsoTime;
  actorId: string | null;
  actorName: string;
}

/** A publish or unpublish at `runAt` (UTC); `doneAt` is set by the run that did it. */
export interface ContentSchedulesTable {
  id: string;
  kind: string;
  entityId: string;
  action: "publish" | "unpublish";
  runAt: IsoTime;
  createdAt: IsoTime;
  createdById: string | null;
  createdByName: string;
  doneAt: IsoTime | null;
  /** "" until done; then "done", "missing" (the item was deleted) or "unchanged". */
  outcome: string;
}
