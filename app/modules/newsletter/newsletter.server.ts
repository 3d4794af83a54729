import { randomBytes } from "node:crypto";
import type { DB } from "~/db/client.server";
import type { SubscriberRow } from "~/db/schema";
import { inTransaction } from "~/db/transaction.server";
import { nowIso } from "~/lib/time";
import { recordConsent } from "~/modules/privacy/consent-ledger.server";
import { subscriberEvent } from "~/modules/webhooks/webhook-events";
import { queueWebhookEvent } from "~/modules/webhooks/webhook-queue.server";
import {
  normaliseEmail,
  SUBSCRIBER_STATUSES,
  type Subscriber,
  type SubscriberStatus,
} from "./newsletter.schema";

/** The unsubscribe page's button (and the one-click unsubscribe), as the ledger keeps it. */
export const NEWSLETTER_UNSUBSCRIBE_WORDS = "Unsubscribe";

export interface SubscribeInput {
  email: string;
  source: string;
  consentText: string;
  /** True when no confirmation e-mail is needed (e-mail not configured): subscribed at once. */
  confirmed: boolean;
}

/** A new unguessable link secret: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString("base64url");

/** A subscription confirmed (by its link, or at once without e-mail): webhooks hear of it. */
const queueConfirmed = (trx: DB, subscriber: Subscriber) =>
  queueWebhookEvent(trx, "subscriber.confirmed", subscriberEvent(subscriber));

const asStatus = (value: string): SubscriberStatus =>
  (SUBSCRIBER_STATUSES as readonly string[]).includes(value)
    ? (value as SubscriberStatus)
    : "pending";

/** A stored row as the module hands it out (an unknown status reads as pending). */
export function subscriberFromRow(row: SubscriberRow): Subscriber {
  return { ...row, status: asStatus(row.status) };
}

async function findByEmail(db: DB, email: string): Promise<Subscriber | undefined> {
  const row = await db
    .selectFrom("newsletterSubscribers")
    .selectAll()
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  return row && subscriberFromRow(row);
}

export function getSubscriberByEmail(db: DB, email: string): Promise<Subscriber | undefined> {
  return findByEmail(db, email);
}

async function findByToken(db: DB, token: string): Promise<Subscriber | undefined> {
  if (!token) return undefined;
  const row = await db
    .selectFrom("newsletterSubscribers")
    .selectAll()
    .where("token", "=", token)
    .executeTakeFirst();
  return row && subscriberFromRow(row);
}

/**
 * Records a sign-up, one row per address (compared trimmed and lower-cased). A new address starts
 * pending, or subscribed when `confirmed`. An unsubscribed address signing up again starts over
 * (pending or subscribed, consent time and text renewed). A pending address signing up with
 * `confirmed` becomes subscribed; otherwise a known address is left as it is. `created` tells
 * whether a new row was made; send a confirmation when the result's status is pending.
 */
export async function subscribe(
  db: DB,
  input: SubscribeInput,
): Promise<{ subscriber: Subscriber; created: boolean }> {
  const email = normaliseEmail(input.email);
  const now = nowIso();
  const startStatus: SubscriberStatus = input.confirmed ? "subscribed" : "pending";
  const row: Subscriber = {
    id: `sub_${Date.now()}_${randomBytes(5).toString("hex")}`,
    email,
    status: startStatus,
    source: input.source,
    consentText: input.consentText,
    consentedAt: now,
    confirmedAt: input.confirmed ? now : null,
    unsubscribedAt: null,
    token: newToken(),
    createdAt: now,
    updatedAt: now,
  };
  // Insert-or-nothing on the unique address, so two simultaneous sign-ups make one row.
  const inserted = await db
    .insertInto("newsletterSubscribers")
    .values(row)
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 && input.confirmed) {
    await queueConfirmed(db, row);
  }
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0)
    return { subscriber: row, created: true };

  const existing = await findByEmail(db, email);
  if (!existing) throw new Error("Subscriber vanished during sign-up");
  if (existing.status === "unsubscribed") {
    const update = {
      status: startStatus,
      source: input.source,
      consentText: input.consentText,
      consentedAt: now,
      confirmedAt: input.confirmed ? now : null,
      unsubscribedAt: null,
      updatedAt: now,
    };
    if (input.confirmed) await queueConfirmed(db, { ...existing, ...update });
    await db
      .updateTable("newsletterSubscribers")
      .set(update)
      .where("id", "=", existing.id)
      .execute();
    return { subscriber: { ...existing, ...update }, created: false };
  }
  if (existing.status === "pending" && input.confirmed) {
    const update = { status: "subscribed" as const, confirmedAt: now, updatedAt: now };
    await queueConfirmed(db, { ...existing, ...update });
    await db
      .updateTable("newsletterSubscribers")
      .set(update)
      .where("id", "=", existing.id)
      .execute();
    return { subscriber: { ...existing, ...update }, created: false };
  }
  return { subscriber: existing, created: false };
}

/**
 * The subscriber a confirmation or unsubscribe link names, read only: opening a link (a GET, which
 * mail scanners and link previews also do) shows its page and changes nothing.
 */
export function findSubscriberByToken(db: DB, token: string): Promise<Subscriber | undefined> {
  return findByToken(db, token);
}

/** What pressing "Confirm" did: confirmed now, confirmed before, or nothing (address left). */
export type ConfirmOutcome = "confirmed" | "already_confirmed" | "unsubscribed";
/** What pressing "Unsubscribe" (or a mail program's one-click POST) did. */
export type UnsubscribeOutcome = "unsubscribed" | "already_unsubscribed";

/**
 * The confirmation button: a pending subscriber becomes subscribed. A subscribed one stays as it
 * is ("already_confirmed") and an unsubscribed one too: an old link never re-subscribes.
 * Undefined for an unknown token. The update only takes a row that is still pending, so two
 * presses at once confirm once and the other one reads "already_confirmed".
 */
export async function confirmByToken(
  db: DB,
  token: string,
): Promise<{ subscriber: Subscriber; outcome: ConfirmOutcome } | undefined> {
  const subscriber = await findByToken(db, token);
  if (!subscriber) return undefined;
  if (subscriber.status === "pending") {
    const now = nowIso();
    const update = { status: "subscribed" as const, confirmedAt: now, updatedAt: now };
    // The confirmation and its webhook delivery are stored together.
    const confirmed = await inTransaction(db, async (trx) => {
      const result = await trx
        .updateTable("newsletterSubscribers")
        .set(update)
        .where("id", "=", subscriber.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await queueConfirmed(trx, { ...subscriber, ...update });
      return true;
    });
    if (confirmed) return { subscriber: { ...subscriber, ...update }, outcome: "confirmed" };
  }
  const current = (await findByToken(db, token)) ?? subscriber;
  return {
    subscriber: current,
    outcome: current.status === "unsubscribed" ? "unsubscribed" : "already_confirmed",
  };
}

/**
 * The unsubscribe button and the mail program's one-click POST (RFC 8058); idempotent: a second
 * call changes nothing and says "already_unsubscribed". Undefined for an unknown token.
 */
export async function unsubscribeByToken(
  db: DB,
  token: string,
): Promise<{ subscriber: Subscriber; outcome: UnsubscribeOutcome } | undefined> {
  const subscriber = await findByToken(db, token);
  if (!subscriber) return undefined;
  if (subscriber.status !== "unsubscribed") {
    const now = nowIso();
    const update = { status: "unsubscribed" as const, unsubscribedAt: now, updatedAt: now };
    const updated = await inTransaction(db, async (trx) => {
      const result = await trx
        .updateTable("newsletterSubscribers")
        .set(update)
        .where("id", "=", subscriber.id)
        .where("status", "!=", "unsubscribed")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      // The consent ledger (decision 0061): leaving the newsletter is withdrawing its consent.
      await recordConsent(trx, {
        email: subscriber.email,
        purpose: "newsletter",
        action: "withdrawn",
        form: "newsletter-unsubscribe",
        words: NEWSLETTER_UNSUBSCRIBE_WORDS,
        record: { type: "subscriber", id: subscriber.id },
        at: now,
      });
      return true;
    });
    if (updated) {
      return { subscriber: { ...subscriber, ...update }, outcome: "unsubscribed" };
    }
  }
  return {
    subscriber: (await findByToken(db, token)) ?? subscriber,
    outcome: "already_unsubscribed",
  };
}

/** Removes an address entirely (an erasure request); false when it was not on the list. */
export async function deleteSubscriberByEmail(db: DB, email: string): Promise<boolean> {
  const result = await db
    .deleteFrom("newsletterSubscribers")
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
