import type { DB } from "~/db/client.server";
import { documentTitle } from "~/lib/seo";
import { getCareer } from "~/modules/careers/careers.server";
import { articlePath } from "~/modules/library/article-display";
import { getArticle } from "~/modules/library/articles.server";
import { resourceRequestPath } from "~/modules/library/resource-paths";
import { getResource } from "~/modules/library/resources.server";
import { PAGE_KEYS, PAGE_LABELS, type PageKey } from "~/modules/pages/page.schema";
import { getPageText } from "~/modules/pages/pages.server";
import type { SeoKind } from "~/modules/seo/seo.schema";
import { servicePath } from "~/modules/services/service-paths";
import { listServices } from "~/modules/services/services.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";

/*
 * The things that have search and social fields (issue 29, decision 0059), as the admin's form
 * names and previews them: what it is, where it lives, and the title and description the public
 * page shows while the fields are empty.
 */

export interface SeoSubject {
  kind: SeoKind;
  key: string;
  /** For the page heading and the activity log: `the article "Pay bands"`. */
  label: string;
  /** The public page's path. */
  path: string;
  /** Where staff edit its content. */
  backPath: string;
  backLabel: string;
  defaultTitle: string;
  defaultDescription: string;
}

const pagePath = (key: PageKey) => (key === "home" ? "/" : `/${key}`);

export async function findSeoSubject(
  db: DB,
  kind: SeoKind,
  key: string,
): Promise<SeoSubject | undefined> {
  const site = await getGeneralSettings(db);
  const titled = (title?: string) => documentTitle(site, title);
  switch (kind) {
    case "page": {
      const page = PAGE_KEYS.find((k) => k === key);
      if (!page) return undefined;
      const text = await getPageText(db, page);
      return {
        kind,
        key,
        label: `the ${PAGE_LABELS[page]} page`,
        path: pagePath(page),
        backPath: "/admin/content",
        backLabel: "Content",
        defaultTitle: titled(page === "home" ? undefined : PAGE_LABELS[page]),
        defaultDescription: page === "home" ? site.siteDescription : text.hero.subtitle,
      };
    }
    case "article": {
      const article = await getArticle(db, key);
      if (!article) return undefined;
      return {
        kind,
        key,
        label: `the article "${article.title}"`,
        path: articlePath(article.slug),
        backPath: `/admin/insights/${encodeURIComponent(article.slug)}`,
        backLabel: "the article",
        defaultTitle: titled(article.title),
        defaultDescription: article.summary,
      };
    }
    case "resource": {
      const resource = await getResource(db, key);
      if (!resource) return undefined;
      return {
        kind,
        key,
        label: `the resource "${resource.title}"`,
        path: resourceRequestPath(resource.slug),
        backPath: `/admin/resources/${encodeURIComponent(resource.slug)}`,
        backLabel: "the resource",
        defaultTitle: titled(`Download: ${resource.title}`),
        defaultDescription: resource.summary,
      };
    }
    case "service": {
      const service = (await listServices(db)).find((s) => s.id === key);
      if (!service) return undefined;
      return {
        kind,
        key,
        label: `the service area "${service.title}"`,
        path: servicePath(service.id),
        backPath: `/admin/services?edit=${encodeURIComponent(service.id)}`,
        backLabel: "the service",
        defaultTitle: titled(service.title),
        defaultDescription: service.subtitle,
      };
    }
    case "posting": {
      const career = await getCareer(db, key);
      if (!career) return undefined;
      return {
        kind,
        key,
        label: `the posting "${career.title}"`,
        path: `/careers/${encodeURIComponent(career.id)}`,
        backPath: "/admin/careers",
        backLabel: "Careers",
        defaultTitle: titled(`${career.title} (${career.location})`),
        defaultDescription:
          `${career.type} ${career.department} role in ${career.location}. ${career.description}`.slice(
            0,
            300,
          ),
      };
    }
  }
}
