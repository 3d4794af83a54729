import type { Selectable } from "kysely";
import type { DB } from "~/db/client.server";
import type { ResourcesTable } from "~/db/schema/careers-and-library";
import { allTimeViews } from "~/modules/analytics/analytics.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { resultLines } from "./resource.schema";
import { resourceDownloadPath } from "./resource-paths";
import { RESOURCE_TYPES, type Resource, type ResourceType } from "./resource-types";

export { resourceDownloadPath, resourceRequestPath } from "./resource-paths";

/*
 * Data access for the library's downloadable resources. Writes go through commands (the staff's
 * in resource-commands.server.ts, the seed in resource-seed.server.ts); these functions take a
 * `db` or a transaction. A resource's downloads are the page views counted at its file's path
 * when the file is sent (resource-file route), shown only from the threshold staff set.
 */

export type ResourceRow = Selectable<ResourcesTable>;

const asType = (value: string): ResourceType =>
  (RESOURCE_TYPES as readonly string[]).includes(value) ? (value as ResourceType) : "guide";

/** A stored row as a Resource (an unknown type reads as a guide, an unknown status as a draft). */
export function resourceFromRow(row: ResourceRow): Resource {
  return {
    ...row,
    type: asType(row.type),
    pageCount: Number(row.pageCount),
    status: row.status === "published" ? "published" : "draft",
  };
}

export async function getResource(db: DB, slug: string): Promise<Resource | undefined> {
  const row = await db
    .selectFrom("resources")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row && resourceFromRow(row);
}

/** The resource when visitors may download it: published, with a file. */
export async function getPublishedResource(db: DB, slug: string): Promise<Resource | undefined> {
  const resource = await getResource(db, slug);
  return resource?.status === "published" && resource.fileId ? resource : undefined;
}

/** Stores a new resource; false (and nothing written) when its slug is taken. */
export async function insertResource(db: DB, resource: Resource): Promise<boolean> {
  const inserted = await db
    .insertInto("resources")
    .values(resource)
    .onConflict((conflict) => conflict.column("slug").doNothing())
    .returning("slug")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** True when there is no resource at all (the seed fills the table then). */
export async function hasNoResources(db: DB): Promise<boolean> {
  const row = await db.selectFrom("resources").select("slug").limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * All-time downloads per slug, each null below the public count threshold of Settings (a count
 * of 3 says "nobody reads this"; staff choose from which figure a count is worth showing).
 */
export async function downloadCounts(
  db: DB,
  slugs: readonly string[],
): Promise<Map<string, number | null>> {
  const [settings, views] = await Promise.all([
    getGeneralSettings(db),
    allTimeViews(db, slugs.map(resourceDownloadPath)),
  ]);
  return new Map(
    slugs.map((slug) => {
      const count = views.get(resourceDownloadPath(slug)) ?? 0;
      return [slug, count >= settings.publicCountThreshold ? count : null];
    }),
  );
}

/** A published resource as /resources lists it. */
export interface PublicResource {
  slug: string;
  type: ResourceType;
  title: string;
  summary: string;
  category: string;
  pageCount: number;
  company: string;
  industry: string;
  challenge: string;
  solution: string;
  results: string[];
  /** All-time downloads; null below the public count threshold. */
  downloads: number | null;
}

/** The Resources page's sections. */
export interface PublishedResources {
  /** Guides, toolkits and reports. */
  featured: PublicResource[];
  whitepapers: PublicResource[];
  caseStudies: PublicResource[];
}

/** Published resources with a file, newest first, grouped as the Resources page shows them. */
export async function listPublishedResources(db: DB): Promise<PublishedResources> {
  const rows = await db
    .selectFrom("resources")
    .selectAll()
    .where("status", "=", "published")
    .where("fileId", "is not", null)
    .orderBy("createdAt", "desc")
    .orderBy("slug")
    .execute();
  const resources = rows.map(resourceFromRow);
  const counts = await downloadCounts(
    db,
    resources.map((resource) => resource.slug),
  );
  const listed = resources.map(
    (resource): PublicResource => ({
      slug: resource.slug,
      type: resource.type,
      title: resource.title,
      summary: resource.summary,
      category: resource.category,
      pageCount: resource.pageCount,
      company: resource.company,
      industry: resource.industry,
      challenge: resource.challenge,
      solution: resource.solution,
      results: resultLines(resource.results),
      downloads: counts.get(resource.slug) ?? null,
    }),
  );
  return {
    featured: listed.filter((r) => r.type !== "whitepaper" && r.type !== "case-study"),
    whitepapers: listed.filter((r) => r.type === "whitepaper"),
    caseStudies: listed.filter((r) => r.type === "case-study"),
  };
}
