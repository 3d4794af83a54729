import type { IsoTime } from "./columns";

/*
 * Issue 29 (0025-redirects-and-search, docs/decisions/0058-redirects-and-site-search.md).
 */

/** A permanent redirect from an address that no longer answers to a live one. */
export interface RedirectsTable {
  id: string;
  /** A site path ("/insights/old-slug"): unique; looked up only when the path has no page. */
  fromPath: string;
  /** A site path or an https URL. */
  toPath: string;
  /** "slug": made when content moved; "staff": added by hand. */
  origin: string;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

/** A path visitors asked for that had no page (bounded; written at most once a minute a path). */
export interface NotFoundPathsTable {
  path: string;
  hits: number;
  referrer: string;
  firstSeen: IsoTime;
  lastSeen: IsoTime;
}

/**
 * The site search's documents, one per public page that search finds. PostgreSQL adds a
 * generated `searchVector` (tsvector, GIN index); SQLite keeps a FTS5 table `searchFts` beside
 * it (rowid = `docNumber`).
 */
export interface SearchDocumentsTable {
  /** "article:<slug>", "resource:<slug>", "service:<id>", "posting:<id>", "tool:<slug>". */
  id: string;
  docNumber: number;
  kind: string;
  path: string;
  title: string;
  body: string;
  /** A hash of kind, path, title and body: a rebuild rewrites only documents that changed. */
  fingerprint: string;
}

/** One row ("index"): the content version the search documents were built from. */
export interface SearchStateTable {
  id: string;
  contentVersion: number;
}
