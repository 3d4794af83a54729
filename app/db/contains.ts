import { type Expression, type SqlBool, sql } from "kysely";

/* "Contains this text, any case": the admin lists' searches, the same on SQLite and PostgreSQL. */

/** A LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like lower(pattern) escape '\'`, the same on SQLite and PostgreSQL. */
export function ilike(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

/** Any of the columns matches the pattern (with `like`, `ilike` unless given): a list's search. */
export function anyMatches(
  columns: readonly string[],
  pattern: string,
  like: (column: string, pattern: string) => Expression<SqlBool> = ilike,
): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => like(column, pattern)),
    sql` or `,
  )})`;
}
