import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { done, refused, type StaffResult } from "~/modules/staff/staff.server";
import type { EndpointInput } from "./webhook.schema";
import { endpointUrlProblem, type WebhookAddressRules } from "./webhook-address.server";
import { newSigningSecret, sealSigningSecret } from "./webhook-secrets.server";

/*
 * Staff changing webhook endpoints (admins only, decision 0054), each a command with its audit
 * entry. A new endpoint and a rotated secret hand the secret back once, for the page to show;
 * only its sealed form is stored. Resuming a paused endpoint clears its failure streak, so its
 * waiting deliveries go out on the next tick; re-sending a delivery starts its retry schedule
 * again (same `webhook-id`, so a receiver that has it can skip it).
 */

const NO_ENDPOINT = "This endpoint no longer exists";
const NO_DELIVERY = "This delivery no longer exists";

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export function createEndpoint(
  db: DB,
  actor: Actor,
  key: Buffer,
  rules: WebhookAddressRules,
  input: EndpointInput,
  now: Date = new Date(),
): Promise<StaffResult<{ id: string; secret: string }>> {
  const problem = endpointUrlProblem(input.url, rules);
  if (problem) return Promise.resolve(refused(problem, "url"));
  const secret = newSigningSecret();
  return runCommand(db, actor, async (trx) => {
    const at = now.toISOString();
    const id = sortableId("whe");
    await trx
      .insertInto("webhookEndpoints")
      .values({
        id,
        url: input.url,
        description: input.description,
        events: JSON.stringify(input.events),
        secret: sealSigningSecret(key, secret),
        enabled: true,
        pausedAt: null,
        failingSince: null,
        consecutiveFailures: 0,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    return {
      result: done({ id, secret }),
      audit: {
        action: "create",
        entityType: "webhook",
        entityId: id,
        summary: `Added the webhook endpoint ${hostOf(input.url)} (${input.events.join(", ")})`,
      },
    };
  });
}

export function updateEndpoint(
  db: DB,
  actor: Actor,
  rules: WebhookAddressRules,
  endpointId: string,
  input: EndpointInput,
  now: Date = new Date(),
): Promise<StaffResult> {
  const problem = endpointUrlProblem(input.url, rules);
  if (problem) return Promise.resolve(refused(problem, "url"));
  return runCommand(db, actor, async (trx) => {
    const result = await trx
      .updateTable("webhookEndpoints")
      .set({
        url: input.url,
        description: input.description,
        events: JSON.stringify(input.events),
        updatedAt: now.toISOString(),
      })
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { result: refused(NO_ENDPOINT) };
    return {
      result: done(true),
      audit: {
        action: "update",
        entityType: "webhook",
        entityId: endpointId,
        summary: `Changed the webhook endpoint ${hostOf(input.url)} (${input.events.join(", ")})`,
      },
    };
  });
}

/** Turns an endpoint on or off; off, it gets no new deliveries and sends none. */
export function setEndpointEnabled(
  db: DB,
  actor: Actor,
  endpointId: string,
  enabled: boolean,
  now: Date = new Date(),
): Promise<StaffResult> {
  return runCommand(db, actor, async (trx) => {
    const endpoint = await trx
      .selectFrom("webhookEndpoints")
      .select(["url", "enabled"])
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (!endpoint) return { result: refused(NO_ENDPOINT) };
    if (Boolean(endpoint.enabled) === enabled) return { result: done(true) };
    await trx
      .updateTable("webhookEndpoints")
      .set({ enabled, updatedAt: now.toISOString() })
      .where("id", "=", endpointId)
      .execute();
    return {
      result: done(true),
      audit: {
        action: enabled ? "enable" : "disable",
        entityType: "webhook",
        entityId: endpointId,
        summary: `${enabled ? "Turned on" : "Turned off"} the webhook endpoint ${hostOf(endpoint.url)}`,
      },
    };
  });
}

/** A new secret, shown once; the old one stops signing at once. */
export function rotateEndpointSecret(
  db: DB,
  actor: Actor,
  key: Buffer,
  endpointId: string,
  now: Date = new Date(),
): Promise<StaffResult<{ secret: string }>> {
  const secret = newSigningSecret();
  return runCommand(db, actor, async (trx) => {
    const endpoint = await trx
      .selectFrom("webhookEndpoints")
      .select("url")
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (!endpoint) return { result: refused(NO_ENDPOINT) };
    await trx
      .updateTable("webhookEndpoints")
      .set({ secret: sealSigningSecret(key, secret), updatedAt: now.toISOString() })
      .where("id", "=", endpointId)
      .execute();
    return {
      result: done({ secret }),
      audit: {
        action: "rotate",
        entityType: "webhook",
        entityId: endpointId,
        summary: `Rotated the signing secret of the webhook endpoint ${hostOf(endpoint.url)}`,
      },
    };
  });
}

/** Resumes a paused endpoint: its failure streak starts again and its deliveries go out. */
export function resumeEndpoint(
  db: DB,
  actor: Actor,
  endpointId: string,
  now: Date = new Date(),
): Promise<StaffResult> {
  return runCommand(db, actor, async (trx) => {
    const endpoint = await trx
      .selectFrom("webhookEndpoints")
      .select(["url", "pausedAt"])
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (!endpoint) return { result: refused(NO_ENDPOINT) };
    if (!endpoint.pausedAt) return { result: done(true) };
    await trx
      .updateTable("webhookEndpoints")
      .set({
        pausedAt: null,
        failingSince: null,
        consecutiveFailures: 0,
        updatedAt: now.toISOString(),
      })
      .where("id", "=", endpointId)
      .execute();
    return {
      result: done(true),
      audit: {
        action: "resume",
        entityType: "webhook",
        entityId: endpointId,
        summary: `Resumed the paused webhook endpoint ${hostOf(endpoint.url)}`,
      },
    };
  });
}

export function deleteEndpoint(db: DB, actor: Actor, endpointId: string): Promise<StaffResult> {
  return runCommand(db, actor, async (trx) => {
    const endpoint = await trx
      .selectFrom("webhookEndpoints")
      .select("url")
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (!endpoint) return { result: refused(NO_ENDPOINT) };
    await trx.deleteFrom("webhookDeliveries").where("endpointId", "=", endpointId).execute();
    await trx.deleteFrom("webhookEndpoints").where("id", "=", endpointId).execute();
    return {
      result: done(true),
      audit: {
        action: "delete",
        entityType: "webhook",
        entityId: endpointId,
        summary: `Removed the webhook endpoint ${hostOf(endpoint.url)} and its deliveries`,
      },
    };
  });
}

/**
 * Sends a delivery again now (staff's "Re-send"): pending, due at once, its retry schedule
 * counted from now. One being attempted right now is left to finish first.
 */
export function resendDelivery(
  db: DB,
  actor: Actor,
  deliveryId: string,
  now: Date = new Date(),
): Promise<StaffResult> {
  return runCommand(db, actor, async (trx) => {
    const delivery = await trx
      .selectFrom("webhookDeliveries")
      .select(["eventType", "endpointId"])
      .where("id", "=", deliveryId)
      .executeTakeFirst();
    if (!delivery) return { result: refused(NO_DELIVERY) };
    const at = now.toISOString();
    const result = await trx
      .updateTable("webhookDeliveries")
      .set({ status: "pending", attempts: 0, scheduleFrom: at, nextAttemptAt: at })
      .where("id", "=", deliveryId)
      .where("status", "!=", "sending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      return { result: refused("This delivery is being sent right now; try again in a minute") };
    }
    return {
      result: done(true),
      audit: {
        action: "resend",
        entityType: "webhook",
        entityId: delivery.endpointId,
        summary: `Re-sent the webhook delivery ${deliveryId} (${delivery.eventType})`,
      },
    };
  });
}
