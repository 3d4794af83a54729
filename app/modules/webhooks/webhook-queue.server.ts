import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import type { WebhookEventData, WebhookEventType } from "./webhook-events";

/*
 * Queuing an event: one delivery row per enabled endpoint that asked for the event, written with
 * the caller's transaction, so the event and its deliveries are stored together or not at all
 * (a command that rolls back sends nothing). The body is fixed here, in the Standard Webhooks
 * shape ({ type, timestamp, data }), and signed as it is at each attempt; the delivery's id is
 * the `webhook-id`, the same on every attempt. The job (webhook-job.server.ts) sends them.
 */

/** An endpoint's event list, read defensively (it is JSON text). */
export function eventsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Queues `type` with `data` for every enabled endpoint that takes it; returns how many
 * deliveries were queued. Call it with the transaction of the change the event reports. A
 * paused endpoint still gets its deliveries: they wait until staff resume it.
 */
export async function queueWebhookEvent<T extends WebhookEventType>(
  trx: DB,
  type: T,
  data: WebhookEventData[T],
  now: Date = new Date(),
): Promise<number> {
  const endpoints = (
    await trx
      .selectFrom("webhookEndpoints")
      .select(["id", "events"])
      .where("enabled", "=", true)
      .execute()
  ).filter((endpoint) => eventsOf(endpoint.events).includes(type));
  if (endpoints.length === 0) return 0;
  const at = now.toISOString();
  const body = JSON.stringify({ type, timestamp: at, data });
  const email = "email" in data && typeof data.email === "string" ? data.email : null;
  await trx
    .insertInto("webhookDeliveries")
    .values(
      endpoints.map((endpoint) => ({
        id: sortableId("msg"),
        endpointId: endpoint.id,
        eventType: type,
        body,
        personEmail: email ? email.trim().toLowerCase() : null,
        status: "pending" as const,
        attempts: 0,
        scheduleFrom: at,
        nextAttemptAt: at,
        lastAttemptAt: null,
        lastResponseCode: null,
        lastError: null,
        claimToken: null,
        lockedUntil: null,
        deliveredAt: null,
        createdAt: at,
      })),
    )
    .execute();
  return endpoints.length;
}

/**
 * Removes every delivery about an address, sent or not (an erasure leaves nothing about the
 * person on the site; the receivers are told with `person.erased`). Returns how many went.
 */
export async function eraseWebhookDeliveriesFor(trx: DB, email: string): Promise<number> {
  const result = await trx
    .deleteFrom("webhookDeliveries")
    .where("personEmail", "=", email.trim().toLowerCase())
    .where("eventType", "!=", "person.erased")
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
