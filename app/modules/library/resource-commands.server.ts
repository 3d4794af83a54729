import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { fileStore } from "~/modules/files/file-store.server";
import { recordMovedAddress } from "~/modules/redirects/redirects.server";
import { deleteSeoSubject, moveSeoSubject } from "~/modules/seo/seo-store.server";
import { dropDraft, moveContentKey } from "~/modules/versions/versions.server";
import {
  RESERVED_RESOURCE_SLUGS,
  type ResourceInput,
  resourceFields,
  slugFromTitle,
} from "./resource.schema";
import { releaseResourceFile, resourceFileIds } from "./resource-files.server";
import { resourceRequestPath } from "./resource-paths";
import { RESOURCE_TYPE_LABELS, type Resource } from "./resource-types";
import { type ResourceFile, resourceFileName } from "./resource-upload.server";
import { resourceFromRow } from "./resources.server";

/*
 * The staff's changes to library resources, each one command (docs/decisions/0009): the change,
 * its file (stored or removed in the same transaction: decision 0021), its audit entry and, when
 * anything public could change, the content-version bump. Only published resources are public
 * (/resources, their request page, the sitemap), so work on drafts leaves the page cache alone.
 */

export const RESOURCE_MESSAGES = {
  slugTaken: "Another resource already uses this slug. Choose another.",
  slugFixed: "The slug of a published resource cannot change: its request page link uses it.",
  publishWithoutFile:
    "Attach the file before publishing: a published resource must have a file to download.",
} as const;

type FieldRefusal = { ok: false; errors: Record<string, string>; missing?: undefined };
type Missing = { ok: false; missing: true; errors?: undefined };
export type CreateResourceResult = { ok: true; resource: Resource } | FieldRefusal;
export type UpdateResourceResult = { ok: true; resource: Resource } | FieldRefusal | Missing;

const isPublished = (resource: Pick<Resource, "status"> | undefined) =>
  resource?.status === "published";

async function findResource(trx: DB, slug: string): Promise<Resource | undefined> {
  const row = await trx
    .selectFrom("resources")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row && resourceFromRow(row);
}

async function slugTaken(trx: DB, slug: string): Promise<boolean> {
  if (RESERVED_RESOURCE_SLUGS.includes(slug)) return true;
  return Boolean(
    await trx.selectFrom("resources").select("slug").where("slug", "=", slug).executeTakeFirst(),
  );
}

/** The title's slug, made unique with -2, -3… (the schema made sure the title gives one). */
async function uniqueSlugFor(trx: DB, title: string): Promise<string> {
  const base = slugFromTitle(title);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(trx, slug))) return slug;
  }
}

/** Stores a checked file under the slug's download name (inside the command's transaction). */
export function saveFile(trx: DB, slug: string, file: ResourceFile) {
  return fileStore.save(trx, {
    purpose: "resource",
    fileName: resourceFileName(slug, file.kind.extension),
    contentType: file.kind.contentType,
    bytes: file.bytes,
  });
}

/**
 * Stores a kept file again under a new slug's name (the download name follows the slug); the old
 * one goes when nothing refers to it any more (releaseResourceFile).
 */
async function renameFile(trx: DB, fileId: string, slug: string): Promise<string> {
  const stored = await fileStore.describe(trx, fileId);
  if (!stored) return fileId;
  const chunks: Uint8Array[] = [];
  for await (const chunk of fileStore.read(trx, fileId)) chunks.push(chunk);
  const extension = stored.fileName.split(".").pop() ?? "";
  const copy = await fileStore.save(trx, {
    purpose: "resource",
    fileName: resourceFileName(slug, extension),
    contentType: stored.contentType,
    bytes: Buffer.concat(chunks),
  });
  return copy.id;
}

/** Adds a resource as a draft, with its file when one was attached. */
export function createResource(
  db: DB,
  actor: Actor,
  { input, file }: { input: ResourceInput; file?: ResourceFile },
): Promise<CreateResourceResult> {
  return runCommand<CreateResourceResult>(db, actor, async (trx) => {
    if (input.slug && (await slugTaken(trx, input.slug))) {
      return { result: { ok: false, errors: { slug: RESOURCE_MESSAGES.slugTaken } } };
    }
    const slug = input.slug || (await uniqueSlugFor(trx, input.title));
    const stored = file ? await saveFile(trx, slug, file) : undefined;
    const now = nowIso();
    const row = {
      slug,
      ...resourceFields(input),
      fileId: stored?.id ?? null,
      status: "draft",
      sample: false,
      createdAt: now,
      updatedAt: now,
    };
    await trx.insertInto("resources").values(row).execute();
    return {
      result: { ok: true, resource: resourceFromRow(row) },
      audit: {
        action: "create",
        entityType: "resource",
        entityId: slug,
        summary: `Added the ${RESOURCE_TYPE_LABELS[input.type].toLowerCase()} "${input.title}" (draft${stored ? `, file ${stored.fileName}` : ""})`,
      },
    };
  });
}

/**
 * Saves a resource's fields, and its file when a new one was attached, or `storedFileId` (a file
 * already stored, such as a draft's). The old file is removed in the same transaction unless a
 * version still refers to it (decision 0072). An empty slug keeps the current one; a draft may
 * take a new slug.
 */
export function updateResource(
  db: DB,
  actor: Actor,
  {
    slug,
    input,
    file,
    storedFileId,
  }: { slug: string; input: ResourceInput; file?: ResourceFile; storedFileId?: string },
): Promise<UpdateResourceResult> {
  return runCommand<UpdateResourceResult>(db, actor, async (trx) => {
    const before = await findResource(trx, slug);
    if (!before) return { result: { ok: false, missing: true } };
    const newSlug = input.slug || slug;
    if (newSlug !== slug) {
      if (isPublished(before)) {
        return { result: { ok: false, errors: { slug: RESOURCE_MESSAGES.slugFixed } } };
      }
      if (await slugTaken(trx, newSlug)) {
        return { result: { ok: false, errors: { slug: RESOURCE_MESSAGES.slugTaken } } };
      }
    }
    let fileId = before.fileId;
    let replaced = false;
    if (file) {
      fileId = (await saveFile(trx, newSlug, file)).id;
      replaced = true;
    } else if (storedFileId && storedFileId !== fileId) {
      fileId = storedFileId;
      replaced = true;
    } else if (fileId && newSlug !== slug) {
      fileId = await renameFile(trx, fileId, newSlug);
    }
    // Saved by staff: no longer a seeded sample (issue 24).
    const fields = {
      ...resourceFields(input),
      slug: newSlug,
      fileId,
      sample: false,
      updatedAt: nowIso(),
    };
    await trx.updateTable("resources").set(fields).where("slug", "=", slug).execute();
    // A draft that was published before keeps its old request page working (issue 29).
    if (newSlug !== slug) {
      await recordMovedAddress(trx, resourceRequestPath(slug), resourceRequestPath(newSlug));
      await moveSeoSubject(trx, "resource", slug, newSlug);
      // Its versions and schedules follow it (decision 0060).
      await moveContentKey(trx, "resource", slug, newSlug);
    }
    if (fileId !== before.fileId) await releaseResourceFile(trx, newSlug, before.fileId);
    return {
      result: { ok: true, resource: { ...before, ...fields } },
      audit: {
        action: "update",
        entityType: "resource",
        entityId: newSlug,
        summary: `Updated the resource "${input.title}"${replaced ? " and replaced its file" : ""}${newSlug !== slug ? ` (slug ${slug} → ${newSlug})` : ""}`,
      },
      publicChange: isPublished(before),
    };
  });
}

export type PublishOutcome = "published" | "already" | "no_file" | "missing";

/** Publishes a resource; refused while it has no file. */
export function publishResource(db: DB, actor: Actor, slug: string): Promise<PublishOutcome> {
  return runCommand(db, actor, async (trx) => {
    const resource = await findResource(trx, slug);
    if (!resource) return { result: "missing" as const };
    if (isPublished(resource)) return { result: "already" as const };
    if (!resource.fileId || !(await fileStore.describe(trx, resource.fileId))) {
      return { result: "no_file" as const };
    }
    await setStatus(trx, slug, "published");
    return {
      result: "published" as const,
      audit: {
        action: "publish",
        entityType: "resource",
        entityId: slug,
        summary: `Published the resource "${resource.title}"`,
      },
      publicChange: true,
    };
  });
}

/** Takes a resource off the site (back to draft); its request links stop working. */
export function unpublishResource(
  db: DB,
  actor: Actor,
  slug: string,
): Promise<"unpublished" | "already" | "missing"> {
  return runCommand(db, actor, async (trx) => {
    const resource = await findResource(trx, slug);
    if (!resource) return { result: "missing" as const };
    if (!isPublished(resource)) return { result: "already" as const };
    await setStatus(trx, slug, "draft");
    return {
      result: "unpublished" as const,
      audit: {
        action: "unpublish",
        entityType: "resource",
        entityId: slug,
        summary: `Unpublished the resource "${resource.title}"`,
      },
      publicChange: true,
    };
  });
}

/** Deletes a resource and its file; undefined when it no longer exists. */
export function deleteResource(db: DB, actor: Actor, slug: string): Promise<Resource | undefined> {
  return runCommand(db, actor, async (trx) => {
    const resource = await findResource(trx, slug);
    if (!resource) return { result: undefined };
    // Its files go with it: the live one, a draft's and those its versions kept (decision 0072).
    const files = await resourceFileIds(trx, slug);
    await trx.deleteFrom("resources").where("slug", "=", slug).execute();
    await dropDraft(trx, "resource", slug);
    await deleteSeoSubject(trx, "resource", slug);
    for (const fileId of files) await fileStore.remove(trx, fileId);
    return {
      result: resource,
      audit: {
        action: "delete",
        entityType: "resource",
        entityId: slug,
        summary: `Deleted the resource "${resource.title}"${resource.fileId ? " and its file" : ""}`,
      },
      publicChange: isPublished(resource),
    };
  });
}

async function setStatus(trx: DB, slug: string, status: "draft" | "published") {
  await trx
    .updateTable("resources")
    .set({ status, updatedAt: nowIso() })
    .where("slug", "=", slug)
    .execute();
}
