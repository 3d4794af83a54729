import type { DB } from "~/db/client.server";
import { clampPageSize, type Page, placePage } from "~/db/paging";
import type { ResourceQuery } from "./resource-query";
import type { Resource } from "./resource-types";
import { type ResourceRow, resourceFromRow } from "./resources.server";

/*
 * The staff's reads of resources: the list with its filters, and one resource with its file.
 * The public reads, and the one row mapping both use, live in resources.server.ts.
 */

export const RESOURCE_PAGE_SIZE = 25;

/** The attached file as the admin shows it. */
export interface ResourceFileSummary {
  id: string;
  fileName: string;
  contentType: string;
  byteSize: number;
}

export interface AdminResource extends Resource {
  file: ResourceFileSummary | null;
  /** A seeded sample not yet saved by staff (issue 24): the list shows a "Sample" badge. */
  sample: boolean;
  /** Has an unpublished draft (issue 29, decision 0072): the list marks it. */
  hasDraft?: boolean;
}

/** Resources with their file's name, type and size (a left join: a draft may have no file). */
function selectWithFile(db: DB) {
  return db
    .selectFrom("resources")
    .leftJoin("storedFiles", "storedFiles.id", "resources.fileId")
    .selectAll("resources")
    .select([
      "storedFiles.fileName as fileName",
      "storedFiles.contentType as fileContentType",
      "storedFiles.byteSize as fileByteSize",
    ]);
}

type RowWithFile = ResourceRow & {
  fileName: string | null;
  fileContentType: string | null;
  fileByteSize: number | null;
};

function withFile(row: RowWithFile): AdminResource {
  const { fileName, fileContentType, fileByteSize, ...resource } = row;
  return {
    ...resourceFromRow(resource),
    sample: Boolean(row.sample),
    file:
      row.fileId && fileName !== null
        ? {
            id: row.fileId,
            fileName,
            contentType: fileContentType ?? "",
            byteSize: Number(fileByteSize ?? 0),
          }
        : null,
  };
}

/** One page of the admin's list, newest change first, filtered by type and status. */
export async function listResourcesForAdmin(
  db: DB,
  query: ResourceQuery,
): Promise<Page<AdminResource>> {
  let count = db.selectFrom("resources").select((eb) => eb.fn.countAll<string>().as("total"));
  let rows = selectWithFile(db);
  if (query.type !== "all") {
    count = count.where("resources.type", "=", query.type);
    rows = rows.where("resources.type", "=", query.type);
  }
  if (query.status !== "all") {
    count = count.where("resources.status", "=", query.status);
    rows = rows.where("resources.status", "=", query.status);
  }
  const total = Number((await count.executeTakeFirst())?.total ?? 0);
  const pageSize = clampPageSize(RESOURCE_PAGE_SIZE, { defaultSize: RESOURCE_PAGE_SIZE, max: 100 });
  const { page, pageCount, offset } = placePage(total, pageSize, query.page);
  const items = await rows
    .orderBy("resources.updatedAt", "desc")
    .orderBy("resources.slug", "asc")
    .limit(pageSize)
    .offset(offset)
    .execute();
  const slugs = items.map((row) => row.slug);
  const drafted = new Set(
    slugs.length === 0
      ? []
      : (
          await db
            .selectFrom("contentDrafts")
            .select("entityId")
            .where("kind", "=", "resource")
            .where("entityId", "in", slugs)
            .execute()
        ).map((row) => row.entityId),
  );
  return {
    items: items.map((row) => ({ ...withFile(row), hasDraft: drafted.has(row.slug) })),
    total,
    page,
    pageSize,
    pageCount,
  };
}

/** One resource with its file, or undefined. */
export async function getResourceForAdmin(
  db: DB,
  slug: string,
): Promise<AdminResource | undefined> {
  const row = await selectWithFile(db).where("resources.slug", "=", slug).executeTakeFirst();
  return row && withFile(row);
}

/** A stored file as the admin shows it (a draft's file, apart from the live one), or null. */
export async function getResourceFileSummary(
  db: DB,
  fileId: string | null,
): Promise<ResourceFileSummary | null> {
  if (!fileId) return null;
  const row = await db
    .selectFrom("storedFiles")
    .select(["id", "fileName", "contentType", "byteSize"])
    .where("id", "=", fileId)
    .executeTakeFirst();
  return row ? { ...row, byteSize: Number(row.byteSize) } : null;
}
