import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { CALCULATORS, calculatorPath } from "~/modules/calculators/catalogue";
import { listActiveCareers } from "~/modules/careers/careers.server";
import { resourceRequestPath } from "~/modules/library/resource-paths";
import { servicePath } from "~/modules/services/service-paths";
import { listPublicServices } from "~/modules/services/services.server";

/*
 * What the site search finds (issue 29, decision 0058): every public page with its own text,
 * read from the tables the pages read. Published articles and resources, the service areas,
 * the job postings that take applications, and the calculators.
 */

export type SearchKind = "article" | "resource" | "service" | "posting" | "tool";

export interface SearchDocument {
  id: string;
  kind: SearchKind;
  path: string;
  title: string;
  body: string;
}

/** The highlight marks of snippets (private-use characters): never left in indexed text. */
export const MARK_START = "\uE000";
export const MARK_END = "\uE001";
const MARKS = /[\uE000\uE001]/g;

/** Markdown as words: links keep their text, markup and bare addresses go. */
export function plainTextOfMarkdown(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[#*_>`|~]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const clean = (parts: Array<string | undefined>) =>
  parts
    .filter((part): part is string => Boolean(part?.trim()))
    .join(". ")
    .replace(MARKS, "")
    .replace(/\s+/g, " ")
    .trim();

export const fingerprintOf = (doc: SearchDocument) =>
  createHash("sha256")
    .update(`${doc.kind}\u0000${doc.path}\u0000${doc.title}\u0000${doc.body}`)
    .digest("base64url")
    .slice(0, 22);

/** A document search should find, with the fingerprint of what it was made from. */
export interface DocumentEntry {
  id: string;
  fingerprint: string;
  /** Left out when the stored document has this fingerprint already (nothing to rewrite). */
  doc?: SearchDocument;
}

const LOAD_BATCH = 500;

/**
 * Every document search should find now, read with `db` (the rebuild's transaction). Articles
 * are the many: their fingerprint is their `updatedAt` (moved by every change a reader sees,
 * article-store.server.ts) with the lengths of their texts, so only changed ones are read whole.
 * `stored` maps the stored documents' ids to their fingerprints.
 */
export async function buildSearchDocuments(
  db: DB,
  stored: ReadonlyMap<string, string>,
): Promise<DocumentEntry[]> {
  const stamps = await db
    .selectFrom("articles")
    .select([
      "slug",
      sql<string>`"updatedAt" || ':' || length("title") || ':' || length("summary") || ':' || length("body") || ':' || length("category")`.as(
        "stamp",
      ),
    ])
    .where("status", "=", "published")
    .execute();
  const entries: DocumentEntry[] = [];
  const toLoad: string[] = [];
  for (const { slug, stamp } of stamps) {
    const id = `article:${slug}`;
    const fingerprint = `a:${stamp}`;
    if (stored.get(id) === fingerprint) entries.push({ id, fingerprint });
    else toLoad.push(slug);
  }
  const stampOf = new Map(stamps.map((row) => [row.slug, `a:${row.stamp}`]));
  for (let at = 0; at < toLoad.length; at += LOAD_BATCH) {
    const articles = await db
      .selectFrom("articles")
      .select(["slug", "title", "category", "summary", "body"])
      .where("slug", "in", toLoad.slice(at, at + LOAD_BATCH))
      .execute();
    for (const article of articles) {
      const doc: SearchDocument = {
        id: `article:${article.slug}`,
        kind: "article",
        path: `/insights/${article.slug}`,
        title: clean([article.title]),
        body: clean([article.summary, article.category, plainTextOfMarkdown(article.body)]),
      };
      entries.push({ id: doc.id, fingerprint: stampOf.get(article.slug) ?? "", doc });
    }
  }
  for (const doc of await smallDocuments(db)) {
    const fingerprint = fingerprintOf(doc);
    entries.push(
      stored.get(doc.id) === fingerprint
        ? { id: doc.id, fingerprint }
        : { id: doc.id, fingerprint, doc },
    );
  }
  return entries;
}

/** The few: resources, service areas, open postings and calculators, read whole each time. */
async function smallDocuments(db: DB): Promise<SearchDocument[]> {
  const [resources, services, postings] = await Promise.all([
    db
      .selectFrom("resources")
      .select([
        "slug",
        "title",
        "category",
        "summary",
        "company",
        "industry",
        "challenge",
        "solution",
        "results",
      ])
      .where("status", "=", "published")
      .execute(),
    listPublicServices(db),
    listActiveCareers(db),
  ]);
  const docs: SearchDocument[] = [];
  for (const resource of resources) {
    docs.push({
      id: `resource:${resource.slug}`,
      kind: "resource",
      path: resourceRequestPath(resource.slug),
      title: clean([resource.title]),
      body: clean([
        resource.summary,
        resource.category,
        resource.company,
        resource.industry,
        resource.challenge,
        resource.solution,
        resource.results,
      ]),
    });
  }
  for (const service of services) {
    docs.push({
      id: `service:${service.id}`,
      kind: "service",
      path: servicePath(service.id),
      title: clean([service.title]),
      body: clean([
        service.subtitle,
        service.description,
        ...service.subServices.flatMap((sub) => [sub.name, sub.description]),
        ...service.features,
        ...service.benefits,
        ...service.process,
      ]),
    });
  }
  for (const posting of postings) {
    docs.push({
      id: `posting:${posting.id}`,
      kind: "posting",
      path: `/careers/${posting.id}`,
      title: clean([posting.title]),
      body: clean([
        posting.department,
        posting.location,
        posting.type,
        posting.experience,
        posting.description,
        ...posting.responsibilities,
        ...posting.requirements,
      ]),
    });
  }
  for (const tool of CALCULATORS) {
    docs.push({
      id: `tool:${tool.slug}`,
      kind: "tool",
      path: calculatorPath(tool.slug),
      title: clean([tool.name]),
      body: clean([tool.summary, tool.service.label, "Free calculator"]),
    });
  }
  return docs;
}
