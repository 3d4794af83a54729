import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import type { RedirectInput } from "./redirect.schema";
import {
  deleteRedirectRow,
  finalTargetOf,
  getRedirect,
  getRedirectFrom,
  putRedirect,
  type Redirect,
} from "./redirects.server";

export type SaveRedirectResult =
  | { ok: true; redirect: Redirect }
  | { ok: false; reason: "loop" | "taken" | "missing" };

export const REDIRECT_LOOP_MESSAGE =
  "The new address leads back to the old one through other redirects: choose another.";
export const REDIRECT_TAKEN_MESSAGE = "This old address already has a redirect: edit that one.";

/**
 * Adds a redirect (no `id`) or changes one. The target is stored at the end of its chain; one
 * that leads back to the old address is refused. Raises the content version: public answers
 * change (a stored 404 would be rendered again; today 404s are never stored).
 */
export function saveRedirect(
  db: DB,
  actor: Actor,
  input: RedirectInput & { id?: string },
): Promise<SaveRedirectResult> {
  return runCommand<SaveRedirectResult>(db, actor, async (trx) => {
    if (input.id && !(await getRedirect(trx, input.id))) {
      return { result: { ok: false, reason: "missing" } };
    }
    const sameFrom = await getRedirectFrom(trx, input.fromPath);
    if (sameFrom && sameFrom.id !== input.id) return { result: { ok: false, reason: "taken" } };
    const toPath = await finalTargetOf(trx, input.toPath, input.fromPath);
    if (toPath === undefined) return { result: { ok: false, reason: "loop" } };
    const redirect = await putRedirect(trx, {
      id: input.id,
      fromPath: input.fromPath,
      toPath,
      origin: "staff",
    });
    return {
      result: { ok: true, redirect },
      audit: {
        action: input.id ? "update" : "create",
        entityType: "redirect",
        entityId: redirect.id,
        summary: `${input.id ? "Changed" : "Added"} the redirect ${redirect.fromPath} → ${toPath}`,
      },
      publicChange: true,
    };
  });
}

export function deleteRedirect(db: DB, actor: Actor, id: string): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const redirect = await getRedirect(trx, id);
    if (!redirect || !(await deleteRedirectRow(trx, id))) return { result: false };
    return {
      result: true,
      audit: {
        action: "delete",
        entityType: "redirect",
        entityId: id,
        summary: `Removed the redirect ${redirect.fromPath} → ${redirect.toPath}`,
      },
      publicChange: true,
    };
  });
}
