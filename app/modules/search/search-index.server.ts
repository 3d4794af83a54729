import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
import { inTransaction } from "~/db/transaction.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { buildSearchDocuments, type SearchDocument } from "./search-documents.server";

/*
 * The search index follows the public content version (decision 0058): every write that changes
 * public output raises it in its own transaction (runCommand), and the first search that sees a
 * newer version than the index was built from brings the index up to it, in one transaction
 * that claims the version first (`searchState`), so that one instance does it and the others
 * wait for it and find it done. Only documents whose text changed are written.
 */

const BATCH = 200;

export interface IndexRefresh {
  /** Whether this call brought the index up to date (false: it was already). */
  rebuilt: boolean;
  written: number;
  removed: number;
}

/** Brings the search index up to the current content version (no-op when it is). */
export async function ensureSearchIndex(db: DB): Promise<IndexRefresh> {
  const idle = { rebuilt: false, written: 0, removed: 0 };
  const [version, state] = await Promise.all([
    readContentVersion(db),
    db
      .selectFrom("searchState")
      .select("contentVersion")
      .where("id", "=", "index")
      .executeTakeFirst(),
  ]);
  if (state && Number(state.contentVersion) >= version) return idle;
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable("searchState")
      .set({ contentVersion: version })
      .where("id", "=", "index")
      .where("contentVersion", "<", version)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return idle;
    return { rebuilt: true, ...(await syncDocuments(trx)) };
  });
}

/** Makes the stored documents what the content says now: changed ones rewritten, gone ones removed. */
export async function syncDocuments(trx: DB): Promise<{ written: number; removed: number }> {
  const sqlite = dialectOf(trx) === "sqlite";
  const stored = await trx
    .selectFrom("searchDocuments")
    .select(["id", "docNumber", "fingerprint"])
    .execute();
  const byId = new Map(stored.map((row) => [row.id, row]));
  const entries = await buildSearchDocuments(
    trx,
    new Map(stored.map((row) => [row.id, row.fingerprint])),
  );
  const wanted = new Set(entries.map((entry) => entry.id));
  const gone = stored.filter((row) => !wanted.has(row.id));
  let next = stored.reduce((max, row) => Math.max(max, Number(row.docNumber)), 0) + 1;
  const changed: Array<SearchDocument & { docNumber: number; fingerprint: string }> = [];
  for (const { doc, fingerprint } of entries) {
    if (!doc) continue;
    const old = byId.get(doc.id);
    changed.push({ ...doc, fingerprint, docNumber: old ? Number(old.docNumber) : next++ });
  }
  const stale = [...gone, ...changed.filter((doc) => byId.has(doc.id))];
  for (let at = 0; at < stale.length; at += BATCH) {
    const slice = stale.slice(at, at + BATCH);
    await trx
      .deleteFrom("searchDocuments")
      .where(
        "id",
        "in",
        slice.map((row) => row.id),
      )
      .execute();
    if (sqlite) {
      const numbers = slice.map((row) => Number(row.docNumber));
      await sql`delete from "searchFts" where rowid in (${sql.join(numbers)})`.execute(trx);
    }
  }
  for (let at = 0; at < changed.length; at += BATCH) {
    const slice = changed.slice(at, at + BATCH);
    await trx
      .insertInto("searchDocuments")
      .values(
        slice.map(({ id, docNumber, kind, path, title, body, fingerprint }) => ({
          id,
          docNumber,
          kind,
          path,
          title,
          body,
          fingerprint,
        })),
      )
      .execute();
    if (sqlite) {
      const rows = slice.map((doc) => sql`(${doc.docNumber}, ${doc.title}, ${doc.body})`);
      await sql`insert into "searchFts" (rowid, title, body) values ${sql.join(rows)}`.execute(trx);
    }
  }
  return { written: changed.length, removed: gone.length };
}
