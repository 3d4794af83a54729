import { type Kysely, PostgresAdapter } from "kysely";

export type DialectName = "sqlite" | "postgres";

/** Which SQL dialect a Kysely instance speaks, read from its adapter. */
export function dialectOf(db: Pick<Kysely<unknown>, "getExecutor">): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** Column types that differ between the two dialects; everything else is plain `text`/`integer`. */
export function columnTypes(db: Kysely<unknown>) {
  const dialect = dialectOf(db);
  return {
    dialect,
    bool: dialect === "postgres" ? "boolean" : "integer",
    /** better-auth's own timestamp columns (it reads and writes Date objects). */
    authTime: dialect === "postgres" ? "timestamptz" : "date",
  } as const;
}
