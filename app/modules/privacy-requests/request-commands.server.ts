import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { describeErasure, erasePerson } from "~/modules/leads/erasure.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { visitorBrand } from "~/modules/mail/templates/notice-mail";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { getRequestRow, isOpen, requestOf } from "./privacy-requests.server";
import { REQUEST_KIND_SHORT } from "./request-fields";
import { requestClosedMail } from "./request-mail.server";

/*
 * Staff's steps on a privacy request (decision 0062), each a command with its entry in Activity:
 * start work on it, complete it with a note of what was done (mailed to the person: Act s.12(2)
 * corrections, s.14 a nomination recorded), refuse it with the reason (mailed: s.12(3) allows
 * keeping data the law requires; Rules r.14 asks that a request be answered), and, for an
 * erasure, erase through the one erase path (`erasePerson`, modules/leads/erasure.server.ts, in
 * this command's transaction: the records go, the request is completed and the person told, or
 * nothing happens). A step that no longer applies (the request was closed meanwhile) records
 * nothing.
 */

export type StepResult = "done" | "missing" | "closed" | "not_erasure";

export interface StepContext {
  /** The site's public address, for the mail's links (no trailing slash). */
  baseUrl: string;
  now?: Date;
}

const what = (kind: string) =>
  kind in REQUEST_KIND_SHORT
    ? REQUEST_KIND_SHORT[kind as keyof typeof REQUEST_KIND_SHORT].toLowerCase()
    : kind;

export function startRequestWork(
  db: DB,
  actor: Actor,
  id: string,
  context: StepContext,
): Promise<StepResult> {
  const at = (context.now ?? new Date()).toISOString();
  return runCommand(db, actor, async (trx) => {
    const row = await getRequestRow(trx, id);
    if (!row || !requestOf(row, new Date(at))) return { result: "missing" as StepResult };
    if (row.status !== "received") return { result: "closed" as StepResult };
    await trx
      .updateTable("privacyRequests")
      .set({ status: "in_progress", updatedAt: at })
      .where("id", "=", id)
      .execute();
    return {
      result: "done" as StepResult,
      audit: {
        action: "status",
        entityType: "privacy_request",
        entityId: id,
        summary: `Started work on a privacy request (${what(row.kind)})`,
      },
    };
  });
}

/** Completes or refuses an open request, and tells the person. */
export function closeRequest(
  db: DB,
  actor: Actor,
  input: { id: string; status: "completed" | "refused"; outcome: string },
  context: StepContext,
): Promise<StepResult> {
  const now = context.now ?? new Date();
  const at = now.toISOString();
  return runCommand(db, actor, async (trx) => {
    const row = await getRequestRow(trx, input.id);
    const request = row ? requestOf(row, now) : undefined;
    if (!row || !request) return { result: "missing" as StepResult };
    if (!isOpen(row.status)) return { result: "closed" as StepResult };
    await trx
      .updateTable("privacyRequests")
      .set({ status: input.status, outcome: input.outcome, closedAt: at, updatedAt: at })
      .where("id", "=", input.id)
      .execute();
    const settings = await getGeneralSettings(trx);
    await enqueueMail(
      trx,
      await requestClosedMail({
        to: row.email,
        kind: request.kind,
        status: input.status,
        outcome: input.outcome,
        requestId: row.id,
        createdAt: row.createdAt,
        brand: visitorBrand(settings, context.baseUrl),
      }),
      now,
    );
    return {
      result: "done" as StepResult,
      audit: {
        action: input.status === "completed" ? "complete" : "refuse",
        entityType: "privacy_request",
        entityId: row.id,
        summary: `${input.status === "completed" ? "Completed" : "Refused"} a privacy request (${what(row.kind)}): ${input.outcome}`,
      },
    };
  });
}

/**
 * An erasure request carried out: everything from the address erased (erasePerson, with its
 * own entry in Activity and its webhook), the request completed with what was removed, and the
 * person told, in one transaction.
 */
export function eraseForRequest(
  db: DB,
  actor: Actor,
  id: string,
  context: StepContext,
): Promise<StepResult> {
  const now = context.now ?? new Date();
  return runCommand(db, actor, async (trx) => {
    const row = await getRequestRow(trx, id);
    if (!row || !requestOf(row, now)) return { result: "missing" as StepResult };
    if (row.kind !== "erase") return { result: "not_erasure" as StepResult };
    if (!isOpen(row.status)) return { result: "closed" as StepResult };
    const erased = await erasePerson(trx, row.email, actor);
    const outcome = `We erased everything this website held from your address: ${describeErasure(erased)}. We keep only the record of your consents and of this request, which the law asks us to keep as proof.`;
    await closeRequest(trx, actor, { id, status: "completed", outcome }, context);
    return { result: "done" as StepResult };
  });
}
