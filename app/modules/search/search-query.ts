/*
 * A visitor's search words, read the same way for both databases: words (letters and digits),
 * "quoted phrases", a leading minus to leave a word out, and "or" between alternatives, as
 * PostgreSQL's websearch_to_tsquery reads them. For SQLite the words become a FTS5 query of
 * quoted strings, so nothing a visitor types is ever FTS5 syntax; a single word is a prefix
 * there (PostgreSQL's `english` stemmer needs no such help).
 */

export const MAX_QUERY_LENGTH = 200;
/** Results on one page of /search. */
export const SEARCH_PAGE_SIZE = 20;
const MAX_TERMS = 12;

export interface SearchTerms {
  /** The query as searched (trimmed, at most MAX_QUERY_LENGTH characters). */
  text: string;
  /** The same as a FTS5 MATCH expression. */
  fts5: string;
}

const WORD = /[\p{L}\p{N}]+/gu;
const quoted = (words: string[]) => `"${words.join(" ")}"`;

export function searchTermsOf(raw: string): SearchTerms | undefined {
  const text = raw.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);
  const positive: string[] = [];
  const negative: string[] = [];
  let orNext = false;
  const parts = text.match(/-?"[^"]*"?|\S+/g) ?? [];
  for (const part of parts) {
    if (positive.length + negative.length >= MAX_TERMS) break;
    if (part.toLowerCase() === "or") {
      orNext = positive.length > 0;
      continue;
    }
    const exclude = part.startsWith("-");
    const words = part.match(WORD) ?? [];
    if (words.length === 0) continue;
    // A single word matches as a prefix: the porter stemmer cuts "bonus" to "bonu" but
    // "bonuses" to "bonus", and a prefix of the stem finds both.
    const term = words.length === 1 && !exclude ? `${quoted(words)}*` : quoted(words);
    if (exclude) negative.push(term);
    else if (orNext && positive.length > 0) {
      positive[positive.length - 1] = `(${positive.at(-1)} OR ${term})`;
    } else positive.push(term);
    orNext = false;
  }
  if (positive.length === 0) return undefined;
  const fts5 = [positive.join(" AND "), ...negative.map((term) => `NOT ${term}`)].join(" ");
  return { text, fts5 };
}
