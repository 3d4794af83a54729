import { data } from "react-router";
import type { DB } from "~/db/client.server";
import type { Actor } from "~/modules/commands/command.server";
import {
  type DraftableKind,
  discardItemDraft,
  loadEditing,
  publishItem,
} from "~/modules/versions/drafts.server";
import { listPendingSchedules } from "~/modules/versions/schedules.server";
import { countVersions } from "~/modules/versions/versions.server";
import { historyKindOf, historyPath } from "./history-kinds.server";
import { scheduleAction } from "./schedule-post.server";

/*
 * The draft panel of the services, content and careers pages (issue 29, decision 0060): what it
 * shows of an item, and its "Publish draft", "Discard draft", "Schedule" and "Cancel" posts.
 */

/** What a kind can be scheduled to do: a kind always on the site only publishes its draft. */
const scheduleActionsOf = (spec: { setLive?: unknown }) =>
  spec.setLive ? (["publish", "unpublish"] as const) : (["publish"] as const);

/** The draft panel's data for one item, and the item as the editor should show it. */
export async function loadDraftPanel<T>(
  db: DB,
  spec: DraftableKind<T>,
  key: string,
  previewHref: string,
) {
  const [editing, versionCount, schedules] = await Promise.all([
    loadEditing(db, spec, key),
    countVersions(db, spec.kind, key),
    listPendingSchedules(db, spec.kind, key),
  ]);
  if (!editing) return undefined;
  return {
    item: editing.item,
    panel: {
      draft: editing.draft,
      versionCount,
      published: spec.isLive(editing.live),
      previewHref,
      historyHref: historyPath(spec.kind, key),
      schedules,
      scheduleActions: scheduleActionsOf(spec),
    },
  };
}

/**
 * Handles "publish", "discard-draft", "schedule" and "cancel-schedule" for the item; undefined for
 * any other intent. A schedule's answer names the item (`editing`), so its editor stays open.
 */
export async function draftPanelAction<T>(
  db: DB,
  actor: Actor,
  spec: DraftableKind<T>,
  form: FormData,
  key: string,
  noun: string,
) {
  const intent = form.get("intent");
  if (intent === "publish") {
    const published = await publishItem(db, actor, spec, key);
    if (!published.ok) {
      return data(
        {
          message: `Error publishing the ${noun}: it no longer exists or its draft no longer passes the checks.`,
        },
        { status: 404 },
      );
    }
    return {
      message: `Draft published: the ${noun} on the site shows it (version ${published.version}).`,
    };
  }
  if (intent === "schedule" || intent === "cancel-schedule") {
    const item = await spec.load(db, key);
    const kind = historyKindOf(spec.kind);
    if (!item || !kind) {
      return data({ message: `Error: this ${noun} no longer exists.` }, { status: 404 });
    }
    const target = { kind: spec.kind, entityId: key, title: kind.titleOf(item, key) };
    return scheduleAction(db, actor, form, target, noun, {
      actions: scheduleActionsOf(spec),
      extra: { editing: key },
    });
  }
  if (intent === "discard-draft") {
    const dropped = await discardItemDraft(db, actor, spec, key);
    return {
      message: dropped
        ? `Draft discarded: the form shows the live ${noun}.`
        : "No draft to discard.",
    };
  }
  return undefined;
}

const NOTICES: Record<string, string> = {
  restored: "Version restored as the draft: check it, then publish the draft to make it live.",
  drafted: "Draft saved: the live page is unchanged until you publish the draft.",
};

/**
 * What the edit page says after a restore (`?restored=`) or a saved draft (`?drafted=1`): both
 * answer with a redirect to the item's edit address, so the editor opens again on the draft.
 */
export function draftNotice(url: URL): string | undefined {
  const key = Object.keys(NOTICES).find((name) => url.searchParams.has(name));
  return key ? NOTICES[key] : undefined;
}
