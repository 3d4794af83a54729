import { beforeAll, describe, expect, it } from "vitest";
import { createEndpoint } from "~/modules/webhooks/webhook-commands.server";
import { webhookKey } from "~/modules/webhooks/webhook-secrets.server";
import { waitUntil } from "../support/cluster";
import { TEST_AUTH_SECRET } from "../support/server";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import {
  cluster,
  freshAddress,
  one,
  postEnquiry,
  run,
  startClusterAroundTests,
  tokens,
  two,
} from "./several-instances-cluster";

/*
 * Issue 26: webhooks through the production topology (two instances on one PostgreSQL behind
 * nginx). The receiver is down while enquiries arrive, so every delivery fails and waits; one
 * instance is then killed, the receiver comes back, and the waiting is cut short (the deliveries
 * are made due, as the clock would after the 5-minute retry). Every event reaches the receiver
 * exactly once, signed so that the standardwebhooks package verifies it.
 */

startClusterAroundTests({ env: { WEBHOOKS_ALLOW_PRIVATE: "1" } });

const EVENTS = 10;

describe("webhooks from two instances on one PostgreSQL", () => {
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    await tokens.fetch(EVENTS + 4);
    return () => receiver.close();
  });

  it("deliver every event exactly once after the receiver was down and an instance killed", async () => {
    const db = cluster.database.db;
    const made = await createEndpoint(
      db,
      { id: null, name: "Cluster test" },
      webhookKey(TEST_AUTH_SECRET),
      { allowPrivate: true, requireHttps: false },
      { url: receiver.url, description: "", events: ["enquiry.created"] },
    );
    if (!made.ok) throw new Error(made.error);
    receiver.secret = made.value.secret;
    await receiver.down();

    const emails: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const email = `hook-${i}-${run}@example.com`;
      const posted = await postEnquiry(cluster.url, email, freshAddress());
      expect(posted.status, posted.error).toBe(200);
      emails.push(email);
    }
    const deliveries = () =>
      db
        .selectFrom("webhookDeliveries")
        .selectAll()
        .where("endpointId", "=", made.value.id)
        .execute();
    // Both retries within the first minute fail (5 s apart); the next is 5 minutes away.
    await waitUntil(
      async () => {
        const rows = await deliveries();
        return (
          rows.length === EVENTS &&
          rows.every((row) => row.status === "pending" && Number(row.attempts) >= 2)
        );
      },
      () => "the deliveries were not attempted while the receiver was down",
      90_000,
    );
    expect(receiver.received).toEqual([]);

    expect(await one.stop("SIGKILL")).toBeNull();
    await receiver.up();
    // The 5 minutes pass.
    await db
      .updateTable("webhookDeliveries")
      .set({ nextAttemptAt: new Date().toISOString() })
      .where("status", "=", "pending")
      .execute();

    await waitUntil(
      async () => (await deliveries()).every((row) => row.status === "delivered"),
      () => `not all delivered: ${receiver.received.length} received\n${two.output().slice(-2000)}`,
      60_000,
    );
    const rows = await deliveries();
    expect(receiver.received.map((hit) => hit.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(receiver.received.filter((hit) => !hit.verified.ok)).toEqual([]);
    const delivered = receiver.received.map((hit) =>
      hit.verified.ok ? String(hit.verified.payload.data.email) : "",
    );
    expect(delivered.sort()).toEqual([...emails].sort());
    expect(rows.every((row) => Number(row.lastResponseCode) === 200)).toBe(true);
  });
});
