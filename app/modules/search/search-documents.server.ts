import { createHash } from "node:crypto";
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

/** Every document search should find now, read with `db` (the rebuild's transaction). */
export async function buildSearchDocuments(db: DB): Promise<SearchDocument[]> {
  const [articles, resources, services, postings] = await Promise.all([
    db
      .selectFrom("articles")
      .select(["slug", "title", "category", "summary", "body"])
      .where("status", "=", "published")
      .execute(),
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
  for (const article of articles) {
    docs.push({
      id: `article:${article.slug}`,
      kind: "article",
      path: `/insights/${article.slug}`,
      title: clean([article.title]),
      body: clean([article.summary, article.category, plainTextOfMarkdown(article.body)]),
    });
  }
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
