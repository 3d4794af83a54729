import type { DB } from "~/db/client.server";
import { clampPageSize, type Page, placePage } from "~/db/paging";
import type { WebhookDeliveryStatus } from "~/db/schema";
import { eventsOf } from "./webhook-queue.server";

/*
 * What the admin reads about webhooks: the endpoints with their state and counts, one endpoint's
 * deliveries a page at a time (newest first), and the paused endpoints for the dashboard.
 */

export interface EndpointSummary {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  pausedAt: string | null;
  failingSince: string | null;
  consecutiveFailures: number;
  createdAt: string;
  /** Deliveries waiting (pending or being sent). */
  waiting: number;
  failed: number;
}

export async function listEndpoints(db: DB): Promise<EndpointSummary[]> {
  const rows = await db
    .selectFrom("webhookEndpoints")
    .select([
      "id",
      "url",
      "description",
      "events",
      "enabled",
      "pausedAt",
      "failingSince",
      "consecutiveFailures",
      "createdAt",
    ])
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const counts = await db
    .selectFrom("webhookDeliveries")
    .select(["endpointId", "status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("status", "in", ["pending", "sending", "failed"])
    .groupBy(["endpointId", "status"])
    .execute();
  const countOf = (id: string, statuses: WebhookDeliveryStatus[]) =>
    counts
      .filter((row) => row.endpointId === id && statuses.includes(row.status))
      .reduce((sum, row) => sum + Number(row.count), 0);
  return rows.map((row) => ({
    ...row,
    events: eventsOf(row.events),
    enabled: Boolean(row.enabled),
    consecutiveFailures: Number(row.consecutiveFailures),
    waiting: countOf(row.id, ["pending", "sending"]),
    failed: countOf(row.id, ["failed"]),
  }));
}

export async function getEndpoint(db: DB, id: string): Promise<EndpointSummary | undefined> {
  return (await listEndpoints(db)).find((endpoint) => endpoint.id === id);
}

export interface DeliverySummary {
  id: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastAttemptAt: string | null;
  lastResponseCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

export const DELIVERY_PAGE_SIZE = { defaultSize: 25, max: 100 };

/** One endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(
  db: DB,
  endpointId: string,
  options: { page?: number; pageSize?: number } = {},
): Promise<Page<DeliverySummary>> {
  const pageSize = clampPageSize(options.pageSize, DELIVERY_PAGE_SIZE);
  const total = Number(
    (
      await db
        .selectFrom("webhookDeliveries")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("endpointId", "=", endpointId)
        .executeTakeFirst()
    )?.count ?? 0,
  );
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const rows = await db
    .selectFrom("webhookDeliveries")
    .select([
      "id",
      "eventType",
      "status",
      "attempts",
      "lastAttemptAt",
      "lastResponseCode",
      "lastError",
      "nextAttemptAt",
      "deliveredAt",
      "createdAt",
    ])
    .where("endpointId", "=", endpointId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset(offset)
    .execute();
  return {
    items: rows.map((row) => ({
      ...row,
      attempts: Number(row.attempts),
      lastResponseCode: row.lastResponseCode === null ? null : Number(row.lastResponseCode),
    })),
    total,
    page,
    pageSize,
    pageCount,
  };
}

/** The endpoints paused for failing, for the dashboard. */
export async function pausedEndpoints(
  db: DB,
): Promise<{ id: string; url: string; pausedAt: string }[]> {
  const rows = await db
    .selectFrom("webhookEndpoints")
    .select(["id", "url", "pausedAt"])
    .where("pausedAt", "is not", null)
    .where("enabled", "=", true)
    .orderBy("pausedAt")
    .execute();
  return rows.map((row) => ({ id: row.id, url: row.url, pausedAt: row.pausedAt ?? "" }));
}
