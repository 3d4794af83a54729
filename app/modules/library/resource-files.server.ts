import type { DB } from "~/db/client.server";
import { fileStore } from "~/modules/files/file-store.server";

/*
 * Which stored files a resource still needs (issue 29, decision 0072). A resource's file is kept
 * while anything of the resource refers to it: its row (the live file), its draft (a file
 * replaced in a draft) or any of its versions (so that restoring a version brings its file back).
 * A file nothing refers to any more is removed in the transaction of the change that let it go:
 * a draft's file when the draft is discarded or its file replaced again, an unpublished
 * resource's old file when it was never in a version, and all of them when the resource is deleted.
 */

const RESOURCE_KIND = "resource";

function fileIdOf(json: string): string | undefined {
  try {
    const value = (JSON.parse(json) as { fileId?: unknown }).fileId;
    return typeof value === "string" && value !== "" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Every stored file the resource's row, draft and versions refer to. */
export async function resourceFileIds(trx: DB, slug: string): Promise<Set<string>> {
  // One after the other: inside a transaction on SQLite there is one connection.
  const row = await trx
    .selectFrom("resources")
    .select("fileId")
    .where("slug", "=", slug)
    .executeTakeFirst();
  const drafts = await trx
    .selectFrom("contentDrafts")
    .select("data")
    .where("kind", "=", RESOURCE_KIND)
    .where("entityId", "=", slug)
    .execute();
  const versions = await trx
    .selectFrom("contentVersions")
    .select("data")
    .where("kind", "=", RESOURCE_KIND)
    .where("entityId", "=", slug)
    .execute();
  const ids = new Set<string>();
  if (row?.fileId) ids.add(row.fileId);
  for (const { data } of [...drafts, ...versions]) {
    const id = fileIdOf(data);
    if (id) ids.add(id);
  }
  return ids;
}

/** Removes the file when nothing of the resource refers to it any more; true when removed. */
export async function releaseResourceFile(
  trx: DB,
  slug: string,
  fileId: string | null | undefined,
): Promise<boolean> {
  if (!fileId) return false;
  if ((await resourceFileIds(trx, slug)).has(fileId)) return false;
  return fileStore.remove(trx, fileId);
}
