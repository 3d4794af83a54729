import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { MAX_REDIRECT_LENGTH } from "./redirect-paths";

/*
 * The log of addresses that had no page (issue 29, decision 0058): path, hits, last referrer,
 * first and last seen. Bounded twice: at most MAX_NOT_FOUND_ROWS distinct paths (the least
 * recently seen give way) and at most one write per path per minute per instance (hits in
 * between are added up in memory and written with the next one). Requests bots make for other
 * software (WordPress, PHP, dot-files) are not logged.
 */

export const MAX_NOT_FOUND_ROWS = 5_000;
const WRITE_INTERVAL_MS = 60_000;
/** Paths the recorder remembers between writes (per instance). */
const MAX_REMEMBERED = 10_000;

const BOT_NOISE =
  /^\/(wp-|wordpress|xmlrpc|cgi-bin|phpmyadmin|pma|vendor|owa|ecp|autodiscover|boaform|actuator|solr|hnap1|\.)|\/\.(env|git|svn|aws|ds_store|ht)|\.(php\d?|asp|aspx|jsp|cgi|env|sql|bak|old|zip|tar|gz|rar|7z|ini|cfg|yml|yaml|xml\.gz|log)$/i;

export function isBotNoise(path: string): boolean {
  return path.length > MAX_REDIRECT_LENGTH || BOT_NOISE.test(path);
}

interface Pending {
  lastWrite: number;
  hits: number;
  referrer: string;
}

export interface NotFoundRecorder {
  /** Notes one request for `path`; resolves once any write it started is done. */
  record(db: DB, path: string, referrer: string): Promise<void>;
}

export function createNotFoundRecorder(
  options: { now?: () => number; maxRows?: number; intervalMs?: number } = {},
): NotFoundRecorder {
  const now = options.now ?? Date.now;
  const maxRows = options.maxRows ?? MAX_NOT_FOUND_ROWS;
  const intervalMs = options.intervalMs ?? WRITE_INTERVAL_MS;
  const pending = new Map<string, Pending>();
  return {
    async record(db, path, referrer) {
      if (isBotNoise(path)) return;
      const at = now();
      const entry = pending.get(path) ?? { lastWrite: -Infinity, hits: 0, referrer: "" };
      entry.hits += 1;
      if (referrer) entry.referrer = referrer.slice(0, MAX_REDIRECT_LENGTH);
      pending.delete(path);
      pending.set(path, entry);
      if (pending.size > MAX_REMEMBERED) {
        const oldest = pending.keys().next().value;
        if (oldest !== undefined) pending.delete(oldest);
      }
      if (at - entry.lastWrite < intervalMs) return;
      const { hits, referrer: lastReferrer } = entry;
      entry.lastWrite = at;
      entry.hits = 0;
      await writeHits(db, path, hits, lastReferrer, new Date(at).toISOString(), maxRows);
    },
  };
}

async function writeHits(
  db: DB,
  path: string,
  hits: number,
  referrer: string,
  seenAt: string,
  maxRows: number,
): Promise<void> {
  const updated = await db
    .updateTable("notFoundPaths")
    .set({
      hits: sql`hits + ${hits}`,
      lastSeen: seenAt,
      ...(referrer ? { referrer } : {}),
    })
    .where("path", "=", path)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  const { count } = await db
    .selectFrom("notFoundPaths")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const over = Number(count) - maxRows + 1;
  if (over > 0) {
    const oldest = db
      .selectFrom("notFoundPaths")
      .select("path")
      .orderBy("lastSeen")
      .orderBy("path")
      .limit(over);
    await db.deleteFrom("notFoundPaths").where("path", "in", oldest).execute();
  }
  await db
    .insertInto("notFoundPaths")
    .values({ path, hits, referrer, firstSeen: seenAt, lastSeen: seenAt })
    .onConflict((oc) =>
      oc
        .column("path")
        .doUpdateSet({ hits: sql`"notFoundPaths".hits + ${hits}`, lastSeen: seenAt }),
    )
    .execute();
}

export interface NotFoundEntry {
  path: string;
  hits: number;
  referrer: string;
  firstSeen: string;
  lastSeen: string;
}

/** The log for the admin, most hits first, without paths that have a redirect now. */
export async function listNotFoundPaths(db: DB, limit = 200): Promise<NotFoundEntry[]> {
  const rows = await db
    .selectFrom("notFoundPaths")
    .selectAll()
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("redirects")
            .select("redirects.id")
            .whereRef("redirects.fromPath", "=", "notFoundPaths.path"),
        ),
      ),
    )
    .orderBy("hits", "desc")
    .orderBy("lastSeen", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, hits: Number(row.hits) }));
}
