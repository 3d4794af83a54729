import { randomUUID } from "node:crypto";
import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { isSitePath, sitePathOf } from "./redirect-paths";

/*
 * Permanent redirects (issue 29, docs/decisions/0058). A redirect is looked up only for a path
 * that has no page (app/web/missing-page.server.ts), so it never hides a live page; its target
 * is kept at the end of any chain (A -> B, then B -> C makes A -> C) and a redirect from the
 * address content has just moved to is dropped, so no two redirects ever form a loop.
 */

export interface Redirect {
  id: string;
  fromPath: string;
  toPath: string;
  /** "slug": made when content moved; "staff": added in the admin. */
  origin: "slug" | "staff";
  createdAt: string;
  updatedAt: string;
}

const toRedirect = (row: {
  id: string;
  fromPath: string;
  toPath: string;
  origin: string;
  createdAt: string;
  updatedAt: string;
}): Redirect => ({ ...row, origin: row.origin === "slug" ? "slug" : "staff" });

/** Where a path without a page goes, if anywhere. */
export async function findRedirect(db: DB, path: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("redirects")
    .select("toPath")
    .where("fromPath", "=", sitePathOf(path))
    .executeTakeFirst();
  return row?.toPath;
}

export async function getRedirect(db: DB, id: string): Promise<Redirect | undefined> {
  const row = await db.selectFrom("redirects").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toRedirect(row);
}

export async function getRedirectFrom(db: DB, fromPath: string): Promise<Redirect | undefined> {
  const row = await db
    .selectFrom("redirects")
    .selectAll()
    .where("fromPath", "=", fromPath)
    .executeTakeFirst();
  return row && toRedirect(row);
}

/** The most redirects the admin lists at once (newest first). */
export const REDIRECT_LIST_LIMIT = 1000;

export async function listRedirects(db: DB): Promise<{ items: Redirect[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("redirects")
      .selectAll()
      .orderBy("updatedAt", "desc")
      .orderBy("fromPath")
      .limit(REDIRECT_LIST_LIMIT)
      .execute(),
    db
      .selectFrom("redirects")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toRedirect), total: Number(count.count) };
}

/**
 * The end of the chain that starts at `target`: a site path that is itself redirected leads on
 * to that redirect's target. Undefined when the chain comes back to `avoid` (a loop).
 */
export async function finalTargetOf(
  db: DB,
  target: string,
  avoid: string,
): Promise<string | undefined> {
  let current = target;
  const seen = new Set<string>([avoid]);
  for (let step = 0; step < 20 && isSitePath(current); step++) {
    const path = sitePathOf(current);
    if (seen.has(path)) return undefined;
    seen.add(path);
    const next = await findRedirect(db, path);
    if (next === undefined) return current;
    current = next;
  }
  return current;
}

/**
 * Stores `fromPath -> toPath` (toPath already at the end of its chain), re-points every
 * redirect that led to `fromPath`, and drops redirects that would now point at themselves.
 * Runs inside the caller's transaction (a command's).
 */
export async function putRedirect(
  trx: DB,
  input: { fromPath: string; toPath: string; origin: "slug" | "staff"; id?: string },
): Promise<Redirect> {
  const now = nowIso();
  const existing = input.id
    ? await getRedirect(trx, input.id)
    : await getRedirectFrom(trx, input.fromPath);
  if (existing && existing.fromPath !== input.fromPath) {
    // An edit that moves the old address: the one it had keeps no redirect of its own.
    await trx.deleteFrom("redirects").where("fromPath", "=", input.fromPath).execute();
  }
  let redirect: Redirect;
  if (existing) {
    await trx
      .updateTable("redirects")
      .set({ fromPath: input.fromPath, toPath: input.toPath, origin: input.origin, updatedAt: now })
      .where("id", "=", existing.id)
      .execute();
    redirect = {
      ...existing,
      fromPath: input.fromPath,
      toPath: input.toPath,
      origin: input.origin,
      updatedAt: now,
    };
  } else {
    redirect = {
      id: randomUUID(),
      fromPath: input.fromPath,
      toPath: input.toPath,
      origin: input.origin,
      createdAt: now,
      updatedAt: now,
    };
    await trx.insertInto("redirects").values(redirect).execute();
  }
  await trx
    .updateTable("redirects")
    .set({ toPath: input.toPath, updatedAt: now })
    .where("toPath", "=", input.fromPath)
    .execute();
  await trx
    .deleteFrom("redirects")
    .where((eb) => eb("fromPath", "=", eb.ref("toPath")))
    .execute();
  // The log's entry for the address is answered now.
  await trx.deleteFrom("notFoundPaths").where("path", "=", input.fromPath).execute();
  return redirect;
}

/**
 * Content moved from one address to another (a slug changed): the old address redirects to the
 * new one for good, earlier addresses of the same content follow it, and a redirect from the
 * new address (the content once lived there, or staff pointed it elsewhere) is dropped, since
 * the address has a page again. Call it in the transaction of the change.
 */
export async function recordMovedAddress(trx: DB, from: string, to: string): Promise<void> {
  const fromPath = sitePathOf(from);
  const toPath = sitePathOf(to);
  if (fromPath === toPath) return;
  await trx.deleteFrom("redirects").where("fromPath", "=", toPath).execute();
  await putRedirect(trx, { fromPath, toPath, origin: "slug" });
}

export async function deleteRedirectRow(trx: DB, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("redirects").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
