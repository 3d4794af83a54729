import type { DB } from "~/db/client.server";
import { formatFileSize } from "~/lib/format";
import { nowIso } from "~/lib/time";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { fileStore } from "~/modules/files/file-store.server";
import { type DraftableKind, draftScheduleHandler } from "~/modules/versions/drafts.server";
import { type ContentFields, recordVersion } from "~/modules/versions/versions.server";
import { resourceInputSchema, resourceFields as storedFieldsOf } from "./resource.schema";
import {
  type PublishOutcome,
  publishResource,
  unpublishResource,
} from "./resource-commands.server";
import { releaseResourceFile } from "./resource-files.server";
import type { Resource } from "./resource-types";
import { getResource } from "./resources.server";

/*
 * Resources on the drafts and versions of modules/versions (issue 29, decisions 0060 and 0072).
 * A published resource's edits, a new file included, are kept as a draft until staff publish
 * them: the live card, request page and download stay as they were. Every publish keeps a
 * version, with the file it had; a file is kept while its row, draft or a version refers to it
 * (resource-files.server.ts). An unpublished resource has no live page: its saves go to its row
 * (resource-drafts.server.ts). Publishing and unpublishing can be scheduled.
 */

export const RESOURCE_KIND = "resource" as const;

/** A resource with its file as people read it ("playbook.pdf (1.2 MB)"; "" without a file). */
export type ResourceItem = Resource & { fileLabel: string };

/** The fields a version keeps, labelled as the form labels them, in its order. */
export const RESOURCE_FIELD_LABELS: Record<string, string> = {
  type: "Type",
  category: "Category",
  title: "Title",
  slug: "Slug",
  pageCount: "Page count",
  summary: "Summary",
  file: "File",
  company: "Company",
  industry: "Industry",
  challenge: "Challenge",
  solution: "Solution",
  results: "Results",
  fileId: "Stored file (id)",
};

/** What the comparison shows of a stored file. */
export async function fileLabelOf(db: DB, fileId: string | null): Promise<string> {
  const stored = fileId ? await fileStore.describe(db, fileId) : undefined;
  return stored ? `${stored.fileName} (${formatFileSize(stored.byteSize)})` : "";
}

/** A resource's content as a version keeps it: the file by its id and as people read it. */
export function resourceFields(resource: Resource, fileLabel = ""): ContentFields {
  return {
    type: resource.type,
    title: resource.title,
    slug: resource.slug,
    summary: resource.summary,
    category: resource.category,
    pageCount: String(resource.pageCount),
    company: resource.company,
    industry: resource.industry,
    challenge: resource.challenge,
    solution: resource.solution,
    results: resource.results,
    file: fileLabel,
    fileId: resource.fileId ?? "",
  };
}

async function loadItem(db: DB, slug: string): Promise<ResourceItem | undefined> {
  const resource = await getResource(db, slug);
  return resource && { ...resource, fileLabel: await fileLabelOf(db, resource.fileId) };
}

/**
 * Writes a draft's or version's content to the resource's row (its slug stays): the file it names
 * when that is still stored, else the current one. The file it replaces goes when nothing refers
 * to it any more. Raises the content version when the resource is published.
 */
export function applyResourceItem(
  db: DB,
  actor: Actor,
  slug: string,
  item: ResourceItem,
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const before = await getResource(trx, slug);
    if (!before) return { result: false };
    const kept = item.fileId && (await fileStore.describe(trx, item.fileId));
    const fileId = kept ? item.fileId : before.fileId;
    const { type, title, summary, category, pageCount } = item;
    const { company, industry, challenge, solution, results } = item;
    await trx
      .updateTable("resources")
      .set({
        ...{ type, title, summary, category, pageCount },
        ...{ company, industry, challenge, solution, results },
        fileId,
        sample: false,
        updatedAt: nowIso(),
      })
      .where("slug", "=", slug)
      .execute();
    if (fileId !== before.fileId) await releaseResourceFile(trx, slug, before.fileId);
    return {
      result: true,
      audit: {
        action: "update",
        entityType: "resource",
        entityId: slug,
        summary: `Updated the resource "${title}"${fileId !== before.fileId ? " and replaced its file" : ""}`,
      },
      publicChange: before.status === "published",
    };
  });
}

const SCHEDULED = "Published (scheduled)";

export const resourceVersions: DraftableKind<ResourceItem> = {
  kind: RESOURCE_KIND,
  entityType: "resource",
  describe: (resource) => `the resource "${resource.title}"`,
  load: loadItem,
  isLive: (resource) => resource.status === "published",
  fieldsOf: (item) => resourceFields(item, item.fileLabel),
  itemOf(fields, live) {
    const parsed = resourceInputSchema.safeParse({ ...fields, slug: live.slug });
    if (!parsed.success) return undefined;
    return {
      ...live,
      ...storedFieldsOf(parsed.data),
      fileId: fields.fileId || live.fileId,
      fileLabel: fields.fileId ? (fields.file ?? "") : live.fileLabel,
    };
  },
  apply: (trx, actor, slug, item) => applyResourceItem(trx, actor, slug, item),
  async setLive(trx, actor, slug, live) {
    if (live) return (await publishResourceVersion(trx, actor, slug, SCHEDULED)) === "published";
    return (await unpublishResource(trx, actor, slug)) === "unpublished";
  },
  draftDropped: async (trx, slug, fields) => {
    await releaseResourceFile(trx, slug, fields.fileId);
  },
};

/**
 * The Publish button of an unpublished resource: published (refused without a file), keeping a
 * version. A published resource's draft goes live with `publishItem(…, resourceVersions, …)`.
 */
export function publishResourceVersion(
  db: DB,
  actor: Actor,
  slug: string,
  note = "Published",
): Promise<PublishOutcome> {
  return runCommand(db, actor, async (trx) => {
    const outcome = await publishResource(trx, actor, slug);
    if (outcome !== "published") return { result: outcome };
    const resource = await loadItem(trx, slug);
    if (resource) {
      await recordVersion(
        trx,
        actor,
        RESOURCE_KIND,
        slug,
        resourceVersions.fieldsOf(resource),
        note,
      );
    }
    return { result: outcome };
  });
}

/** The schedule job's way with resources: publish (the draft, or the resource) or unpublish. */
export const resourceScheduleHandler = draftScheduleHandler(
  resourceVersions,
  (resource) => resource.title,
);
