import type { DB } from "~/db/client.server";
import { formatFileSize } from "~/lib/format";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { loadEditing, publishItem, saveDraft } from "~/modules/versions/drafts.server";
import { dropDraft, getDraft } from "~/modules/versions/versions.server";
import { type ResourceInput, resourceFields as storedFieldsOf } from "./resource.schema";
import {
  RESOURCE_MESSAGES,
  saveFile,
  type UpdateResourceResult,
  updateResource,
} from "./resource-commands.server";
import { releaseResourceFile } from "./resource-files.server";
import type { ResourceFile } from "./resource-upload.server";
import { RESOURCE_KIND, type ResourceItem, resourceVersions } from "./resource-versions.server";
import { getResource } from "./resources.server";

/*
 * The edit form of a resource (issue 29, decision 0072). A published resource: "Save draft"
 * keeps the fields, and a new file, as its draft (the file is stored in the same transaction,
 * apart from the live one, which visitors keep downloading); "Save and publish" puts the form
 * live and keeps a version. An unpublished resource has no live page: its saves go to its row as
 * before, taking in a draft left from when it was published (its file too).
 */

export type ResourceEditOutcome = "saved" | "drafted" | "published";
export type ResourceEditResult =
  | (Extract<UpdateResourceResult, { ok: true }> & { outcome: ResourceEditOutcome })
  | Exclude<UpdateResourceResult, { ok: true }>;

export function saveResourceEdit(
  db: DB,
  actor: Actor,
  {
    slug,
    input,
    file,
    asDraft,
  }: { slug: string; input: ResourceInput; file?: ResourceFile; asDraft: boolean },
): Promise<ResourceEditResult> {
  return runCommand<ResourceEditResult>(db, actor, async (trx) => {
    const live = await getResource(trx, slug);
    if (!live) return { result: { ok: false, missing: true } };
    const draft = await getDraft(trx, RESOURCE_KIND, slug);
    if (live.status !== "published") {
      const storedFileId = draft?.fields.fileId || undefined;
      const saved = await updateResource(trx, actor, { slug, input, file, storedFileId });
      if (!saved.ok) return { result: saved };
      const now = saved.resource.slug;
      if (draft && (await dropDraft(trx, RESOURCE_KIND, now))) {
        await releaseResourceFile(trx, now, draft.fields.fileId);
      }
      return { result: { ...saved, outcome: "saved" } };
    }
    if (input.slug && input.slug !== slug) {
      return { result: { ok: false, errors: { slug: RESOURCE_MESSAGES.slugFixed } } };
    }
    const editing = await loadEditing(trx, resourceVersions, slug);
    const base = editing?.item ?? { ...live, fileLabel: "" };
    const stored = file ? await saveFile(trx, slug, file) : undefined;
    const item: ResourceItem = {
      ...base,
      ...storedFieldsOf(input),
      fileId: stored?.id ?? base.fileId,
      fileLabel: stored
        ? `${stored.fileName} (${formatFileSize(stored.byteSize)})`
        : base.fileLabel,
    };
    if (asDraft) {
      await saveDraft(trx, actor, resourceVersions, slug, item);
      return { result: { ok: true, resource: item, outcome: "drafted" } };
    }
    const published = await publishItem(trx, actor, resourceVersions, slug, item);
    if (!published.ok) return { result: { ok: false, missing: true } };
    return { result: { ok: true, resource: published.item, outcome: "published" } };
  });
}
