import type { IsoTime } from "./columns";

/* Issue 29 (0027-seo-fields, docs/decisions/0059-service-pages-and-seo-fields.md). */

/** A subject's search and social fields; "" (or a null image) means "from the content". */
export interface SeoFieldsTable {
  /** "page", "article", "resource", "service", "posting". */
  subjectKind: string;
  /** The page key, the article's or resource's slug, the service's or posting's id. */
  subjectKey: string;
  metaTitle: string;
  metaDescription: string;
  imageId: string | null;
  /** A site path or an https URL; "" for the page's own address. */
  canonical: string;
  updatedAt: IsoTime;
}
