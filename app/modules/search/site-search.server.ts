import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
import { MARK_END, MARK_START, type SearchKind } from "./search-documents.server";
import { ensureSearchIndex } from "./search-index.server";
import { SEARCH_PAGE_SIZE, type SearchTerms, searchTermsOf } from "./search-query";

/*
 * The site search (issue 29, decision 0058): each database's own full-text engine, ranked, with
 * highlighted snippets. PostgreSQL: the weighted tsvector (title A, text B), websearch_to_tsquery,
 * ts_rank and ts_headline. SQLite: FTS5 with bm25 (title counted ten times the text) and snippet.
 * Snippets come back as plain text pieces with a flag for the matched words; the page renders
 * them as text (escaped by React) inside <mark>, so nothing of a document is ever markup.
 */

export interface SnippetPiece {
  text: string;
  hit: boolean;
}

export interface SearchResult {
  kind: SearchKind;
  path: string;
  title: SnippetPiece[];
  snippet: SnippetPiece[];
}

export interface SearchAnswer {
  query: string;
  results: SearchResult[];
  total: number;
}

/** Splits a highlighted text at the marks. */
export function piecesOf(marked: string): SnippetPiece[] {
  const pieces: SnippetPiece[] = [];
  let hit = false;
  let text = "";
  for (const char of marked) {
    if (char === MARK_START || char === MARK_END) {
      if (text) pieces.push({ text, hit });
      text = "";
      hit = char === MARK_START;
    } else text += char;
  }
  if (text) pieces.push({ text, hit });
  return pieces;
}

interface Row {
  kind: string;
  path: string;
  title: string;
  snippet: string;
}

const toResult = (row: Row): SearchResult => ({
  kind: row.kind as SearchKind,
  path: row.path,
  title: piecesOf(row.title),
  snippet: piecesOf(row.snippet),
});

/** The documents matching `query`, best first (one page of them) and how many match. */
export async function searchSite(
  db: DB,
  query: string,
  { limit = SEARCH_PAGE_SIZE, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<SearchAnswer> {
  const terms = searchTermsOf(query);
  if (!terms) return { query, results: [], total: 0 };
  await ensureSearchIndex(db);
  return dialectOf(db) === "postgres"
    ? searchPostgres(db, terms, limit, offset)
    : searchSqlite(db, terms, limit, offset);
}

async function searchSqlite(
  db: DB,
  terms: SearchTerms,
  limit: number,
  offset: number,
): Promise<SearchAnswer> {
  const match = terms.fts5;
  // FTS5's auxiliary functions (bm25, snippet) cannot sit beside a window function: the count
  // is a query of its own, cheap beside the ranking (no auxiliary function runs in it).
  // Ranked inside FTS5 (`rank` with the weights, ORDER BY rank): faster than bm25() sorted by
  // SQLite; the page's rows only are joined to their documents.
  const rows = await sql<Row>`
    select d."kind", d."path",
      highlight("searchFts", 0, ${MARK_START}, ${MARK_END}) as "title",
      snippet("searchFts", 1, ${MARK_START}, ${MARK_END}, '…', 24) as "snippet"
    from "searchFts"
    join "searchDocuments" d on d."docNumber" = "searchFts".rowid
    where "searchFts" match ${match} and "searchFts".rank match 'bm25(10.0, 1.0)'
    order by "searchFts".rank
    limit ${limit} offset ${offset}`.execute(db);
  const total =
    rows.rows.length < limit && (rows.rows.length > 0 || offset === 0)
      ? offset + rows.rows.length
      : await countSqlite(db, match);
  return { query: terms.text, results: rows.rows.map(toResult), total };
}

/** How many documents match (when the page does not show it). */
async function countSqlite(db: DB, match: string): Promise<number> {
  const count = await sql<{ count: number }>`
    select count(*) as "count" from "searchFts" where "searchFts" match ${match}`.execute(db);
  return Number(count.rows[0]?.count ?? 0);
}

const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
const TITLE_HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
/**
 * ts_headline reads the whole text it is given, so a page of 20 long articles cost more than
 * ranking 10,000 matches. The snippet is looked for in the opening characters of a document
 * first; only a document whose opening has no match is read whole (decision 0072).
 */
export const SNIPPET_WINDOW = 1000;

async function searchPostgres(
  db: DB,
  terms: SearchTerms,
  limit: number,
  offset: number,
): Promise<SearchAnswer> {
  const query = sql`websearch_to_tsquery('english'::regconfig, ${terms.text})`;
  // Every match is ranked once into (id, rank) pairs, which are then counted and sorted: with
  // the rank computed above the count's window, PostgreSQL kept each match's whole row, vector
  // included, in the window's store (megabytes at 10,000 matches, spilled to disk). The vector
  // is stored in the row (migration 0033), so ranking a match reads no TOAST. The page's rows
  // only are then read whole for their headlines.
  const rows = await sql<Row & { id: string; total: string; whole: boolean }>`
    with matched as materialized (
      select "id", ts_rank("searchVector", q) as "rank"
      from "searchDocuments", ${query} q
      where "searchVector" @@ q
    ), ranked as (
      select "id", "rank", count(*) over () as "total"
      from matched
      order by "rank" desc, "id"
      limit ${limit} offset ${offset}
    )
    select d."id", d."kind", d."path", ranked."total",
      ts_headline('english'::regconfig, d."title", q, ${TITLE_HEADLINE}) as "title",
      ts_headline('english'::regconfig, case when length(d."body") > ${SNIPPET_WINDOW}
          then regexp_replace(left(d."body", ${SNIPPET_WINDOW}), '\S+$', '')
          else d."body" end, q, ${HEADLINE}) as "snippet",
      length(d."body") <= ${SNIPPET_WINDOW} as "whole"
    from ranked
    join "searchDocuments" d on d."id" = ranked."id", ${query} q
    order by ranked."rank" desc, ranked."id"`.execute(db);
  let total = Number(rows.rows[0]?.total ?? 0);
  if (rows.rows.length === 0 && offset > 0) {
    const count = await sql<{ count: string }>`
      select count(*) as "count" from "searchDocuments" where "searchVector" @@ ${query}`.execute(
      db,
    );
    total = Number(count.rows[0]?.count ?? 0);
  }
  // Documents whose opening did not hold a match: their snippet from the whole text.
  const unmarked = rows.rows.filter((row) => !row.whole && !row.snippet.includes(MARK_START));
  if (unmarked.length > 0) {
    const whole = await sql<{ id: string; snippet: string }>`
      select d."id", ts_headline('english'::regconfig, d."body", q, ${HEADLINE}) as "snippet"
      from "searchDocuments" d, ${query} q
      where d."id" in (${sql.join(unmarked.map((row) => row.id))})`.execute(db);
    const snippets = new Map(whole.rows.map((row) => [row.id, row.snippet]));
    for (const row of unmarked) row.snippet = snippets.get(row.id) ?? row.snippet;
  }
  return { query: terms.text, results: rows.rows.map(toResult), total };
}
