import type { ColumnType, Generated, SqlBool } from "kysely";
import type { IsoTime, JsonText } from "./columns";

/*
 * Webhook endpoints and their deliveries (migration 0021, issue 26, decision 0054).
 */

export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** Staff's note of what it is ("HubSpot workflow"). */
  description: Generated<string>;
  /** The event types sent to it, a JSON array. */
  events: JsonText;
  /** The signing secret (`whsec_…`), encrypted (webhook-secrets.server.ts). */
  secret: string;
  enabled: ColumnType<SqlBool, boolean | undefined, boolean>;
  /** Set when it kept failing: nothing is attempted until staff resume it. */
  pausedAt: IsoTime | null;
  /** When the current run of failed attempts began; null after a success. */
  failingSince: IsoTime | null;
  consecutiveFailures: Generated<number>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export type WebhookDeliveryStatus = "pending" | "sending" | "delivered" | "failed";

export interface WebhookDeliveriesTable {
  /** Also the `webhook-id` header: the same on every attempt, so the receiver can skip repeats. */
  id: string;
  endpointId: string;
  eventType: string;
  /** The exact JSON body signed and sent. */
  body: JsonText;
  /** The person the event is about (lower case), for erasure. */
  personEmail: string | null;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  /** Where the retry schedule counts from: queued, or re-sent by staff. */
  scheduleFrom: IsoTime;
  nextAttemptAt: IsoTime | null;
  lastAttemptAt: IsoTime | null;
  lastResponseCode: number | null;
  lastError: string | null;
  claimToken: string | null;
  lockedUntil: IsoTime | null;
  deliveredAt: IsoTime | null;
  createdAt: IsoTime;
}
