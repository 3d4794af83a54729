import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cancelBooking, moveBooking } from "~/modules/bookings/booking-changes.server";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  TUESDAY_10_IST,
  TUESDAY_11_IST,
} from "~/modules/bookings/booking-fixtures";
import { runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { submitContactForm } from "~/modules/enquiries/contact-submission.server";
import { NOW, SECRET, tokenAged } from "~/modules/enquiries/contact-submission-fixtures";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/modules/forms/spam-fields";
import { erasePerson } from "~/modules/leads/erasure.server";
import { confirmByToken, subscribe } from "~/modules/newsletter/newsletter.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../tests/support/webhook-receiver";
import {
  createEndpoint,
  deleteEndpoint,
  resendDelivery,
  resumeEndpoint,
  rotateEndpointSecret,
  setEndpointEnabled,
} from "./webhook-commands.server";
import type { WebhookEventType } from "./webhook-events";
import { queueWebhookEvent } from "./webhook-queue.server";
import { PAUSE_AFTER_FAILING_MS, RETRY_DELAYS_MS, RETRY_WINDOW_MS } from "./webhook-schedule";
import { webhookKey } from "./webhook-secrets.server";
import { claimDueDeliveries, sendDueDeliveries } from "./webhook-sender.server";

const KEY = webhookKey("test-auth-secret-for-webhooks-0123456789");
const RULES = { allowPrivate: true, requireHttps: false };
const ACTOR = { id: null, name: "Admin" };

const personEvent = (email: string) => ({ email, erasedAt: new Date().toISOString() });

describe.each(DIALECTS)("webhooks on %s", (dialect) => {
  let t: TestDatabase;
  let receiver: WebhookReceiver;

  /** An endpoint at the receiver for `events`; the receiver checks with its secret. */
  async function endpointFor(events: WebhookEventType[], url = receiver.url) {
    const made = await createEndpoint(t.db, ACTOR, KEY, RULES, { url, description: "", events });
    if (!made.ok) throw new Error(made.error);
    receiver.secret = made.value.secret;
    return made.value;
  }

  const deliveries = () =>
    t.db.selectFrom("webhookDeliveries").selectAll().orderBy("createdAt").orderBy("id").execute();

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("webhookDeliveries").execute();
    await t.db.deleteFrom("webhookEndpoints").execute();
    await t.db.deleteFrom("newsletterSubscribers").execute();
    await clearBookings(t.db);
    receiver.received.length = 0;
    receiver.status = 200;
    await receiver.up();
  });

  it("queues an event with the command that makes it, and nothing when the command fails", async () => {
    const endpoint = await endpointFor(["person.erased"]);
    await expect(
      runCommand(t.db, SYSTEM_ACTOR, async (trx) => {
        await queueWebhookEvent(trx, "person.erased", personEvent("a@example.in"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await deliveries()).toEqual([]);

    await runCommand(t.db, SYSTEM_ACTOR, async (trx) => ({
      result: await queueWebhookEvent(trx, "person.erased", personEvent("a@example.in")),
    }));
    // Only endpoints that asked for the event get it.
    await endpointFor(["enquiry.created"]);
    const [delivery, ...others] = await deliveries();
    expect(others).toEqual([]);
    expect(delivery).toMatchObject({
      endpointId: endpoint.id,
      eventType: "person.erased",
      status: "pending",
      personEmail: "a@example.in",
    });
    expect(JSON.parse(delivery?.body ?? "")).toMatchObject({
      type: "person.erased",
      data: { email: "a@example.in" },
    });
  });

  it("signs each delivery so that the standardwebhooks package verifies it", async () => {
    await endpointFor(["enquiry.created", "subscriber.confirmed", "person.erased"]);
    const form = new URLSearchParams({
      firstName: "Jane",
      lastName: "Doe",
      email: "Jane@Example.com",
      company: "Acme Ltd",
      phone: "+91 98100 00000",
      message: "We need an ESOP plan.",
      [FORM_TOKEN_FIELD]: tokenAged(20_000),
    });
    const context = {
      secret: SECRET,
      clientAddress: "198.51.100.7",
      mail: { enabled: true, baseUrl: "https://www.example.in" },
      now: NOW,
    };
    const submission = await submitContactForm(t.db, form, context);
    expect(submission.httpStatus).toBe(200);
    // Spam (a tripped honeypot) is stored but never sent anywhere.
    const spam = new URLSearchParams(form);
    spam.set(HONEYPOT_FIELD, "http://spam.example");
    spam.set(FORM_TOKEN_FIELD, tokenAged(21_000));
    await submitContactForm(t.db, spam, { ...context, clientAddress: "198.51.100.8" });
    const { subscriber } = await subscribe(t.db, {
      email: "reader@example.in",
      source: "footer",
      consentText: "Send me the newsletter",
      confirmed: false,
    });
    await confirmByToken(t.db, subscriber.token);
    await erasePerson(t.db, "nobody@example.in", ACTOR);

    const report = await sendDueDeliveries(t.db, { key: KEY, rules: RULES });
    expect(report).toEqual({ delivered: 3, retried: 0, failed: 0 });
    expect(receiver.received.map((hit) => hit.verified)).toEqual([
      expect.objectContaining({ ok: true }),
      expect.objectContaining({ ok: true }),
      expect.objectContaining({ ok: true }),
    ]);
    const payloads = receiver.received.map((hit) =>
      hit.verified.ok ? hit.verified.payload : undefined,
    );
    expect(payloads.map((payload) => payload?.type).sort()).toEqual([
      "enquiry.created",
      "person.erased",
      "subscriber.confirmed",
    ]);
    const enquiry = payloads.find((payload) => payload?.type === "enquiry.created");
    expect(enquiry?.data).toMatchObject({
      id: submission.enquiry?.id,
      name: "Jane Doe",
      email: "Jane@Example.com",
      phone: "+91 98100 00000",
      message: "We need an ESOP plan.",
    });
    // The webhook-id header is the delivery's id.
    const stored = await deliveries();
    expect(receiver.received.map((hit) => hit.id).sort()).toEqual(stored.map((d) => d.id).sort());
    expect(
      stored.every((d) => d.status === "delivered" && Number(d.lastResponseCode) === 200),
    ).toBe(true);

    // A rotated secret signs from then on: the old one no longer verifies.
    const [endpoint] = await t.db.selectFrom("webhookEndpoints").select("id").execute();
    const oldSecret = receiver.secret;
    const rotated = await rotateEndpointSecret(t.db, ACTOR, KEY, endpoint?.id ?? "");
    if (!rotated.ok) throw new Error(rotated.error);
    expect(rotated.value.secret).toMatch(/^whsec_/);
    expect(rotated.value.secret).not.toBe(oldSecret);
    await resendDelivery(t.db, ACTOR, stored[0]?.id ?? "");
    await sendDueDeliveries(t.db, { key: KEY, rules: RULES });
    expect(receiver.received.at(-1)?.verified.ok).toBe(false);
    receiver.secret = rotated.value.secret;
    await resendDelivery(t.db, ACTOR, stored[0]?.id ?? "");
    await sendDueDeliveries(t.db, { key: KEY, rules: RULES });
    expect(receiver.received.at(-1)?.verified.ok).toBe(true);
    expect(receiver.received.at(-1)?.id).toBe(stored[0]?.id);
  });

  it("sends booking events: created, moved and cancelled, with the visitor's details", async () => {
    await endpointFor(["booking.created", "booking.moved", "booking.cancelled"]);
    await consultantFixture(t.db);
    const booked = await bookConsultation(t.db, bookingRequest(TUESDAY_10_IST), bookingContext());
    if (booked.status !== "booked") throw new Error(booked.status);
    await moveBooking(
      t.db,
      ACTOR,
      { bookingId: booked.booking.id, startsAt: TUESDAY_11_IST },
      bookingContext(),
    );
    await cancelBooking(t.db, ACTOR, booked.booking.id, bookingContext());
    const queued = await deliveries();
    expect(queued.map((d) => d.eventType)).toEqual([
      "booking.created",
      "booking.moved",
      "booking.cancelled",
    ]);
    const bodies = queued.map((d) => JSON.parse(d.body).data);
    expect(bodies[0]).toMatchObject({ id: booked.booking.id, startsAt: TUESDAY_10_IST });
    expect(bodies[1]).toMatchObject({ startsAt: TUESDAY_11_IST, previousStartsAt: TUESDAY_10_IST });
    expect(bodies[2]).toMatchObject({ status: "cancelled", email: booked.booking.visitorEmail });
  });

  it("retries with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, …) and gives up after 3 days", async () => {
    const endpoint = await endpointFor(["person.erased"]);
    receiver.status = 503;
    await queueWebhookEvent(t.db, "person.erased", personEvent("b@example.in"));
    const start = new Date((await deliveries())[0]?.scheduleFrom ?? "");
    let now = start;
    const waits: number[] = [];
    for (let attempt = 1; attempt < 30; attempt++) {
      const report = await sendDueDeliveries(t.db, { key: KEY, rules: RULES, now });
      const [delivery] = await deliveries();
      expect(Number(delivery?.attempts)).toBe(attempt);
      expect(Number(delivery?.lastResponseCode)).toBe(503);
      if (delivery?.status === "failed") {
        expect(report.failed).toBe(1);
        break;
      }
      // The endpoint is paused after 24 hours of failures (tested below): staff resume it here.
      await resumeEndpoint(t.db, ACTOR, endpoint.id);
      const next = new Date(delivery?.nextAttemptAt ?? "");
      waits.push(next.getTime() - now.getTime());
      // Not due a moment before its time.
      const early = await sendDueDeliveries(t.db, {
        key: KEY,
        rules: RULES,
        now: new Date(next.getTime() - 1),
      });
      expect(early.retried + early.failed).toBe(0);
      now = next;
    }
    const hour = 3_600_000;
    expect(waits.slice(0, 6)).toEqual([...RETRY_DELAYS_MS]);
    expect(waits.slice(6).every((wait) => wait === 10 * hour)).toBe(true);
    const [last] = await deliveries();
    expect(last?.status).toBe("failed");
    expect(last?.nextAttemptAt).toBeNull();
    expect(Date.parse(last?.lastAttemptAt ?? "") - start.getTime()).toBeLessThanOrEqual(
      RETRY_WINDOW_MS,
    );
    expect(waits.length).toBe(11);
  });

  it("lets one runner at a time claim a delivery", async () => {
    await endpointFor(["person.erased"]);
    for (let i = 0; i < 25; i++) {
      await queueWebhookEvent(t.db, "person.erased", personEvent(`c${i}@example.in`));
    }
    const now = new Date(Date.now() + 1000);
    const [first, second] = await Promise.all([
      claimDueDeliveries(t.db, now, 20),
      claimDueDeliveries(t.db, now, 20),
    ]);
    const ids = [...(first ?? []), ...(second ?? [])].map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(25);
    // Claimed rows are not claimed again while the lease holds, and are after it.
    expect(await claimDueDeliveries(t.db, now, 50)).toEqual([]);
    expect((await claimDueDeliveries(t.db, new Date(now.getTime() + 61_000), 50)).length).toBe(25);
  });

  it("two runners sending at once post each delivery once", async () => {
    await endpointFor(["person.erased"]);
    for (let i = 0; i < 12; i++) {
      await queueWebhookEvent(t.db, "person.erased", personEvent(`g${i}@example.in`));
    }
    const reports = await Promise.all([
      sendDueDeliveries(t.db, { key: KEY, rules: RULES, limit: 8 }),
      sendDueDeliveries(t.db, { key: KEY, rules: RULES, limit: 8 }),
    ]);
    const more = await sendDueDeliveries(t.db, { key: KEY, rules: RULES, limit: 8 });
    const delivered = [...reports, more].reduce((sum, report) => sum + report.delivered, 0);
    expect(delivered).toBe(12);
    const ids = receiver.received.map((hit) => hit.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it("an attempt whose lease another runner took over does not overwrite it", async () => {
    await endpointFor(["person.erased"]);
    await queueWebhookEvent(t.db, "person.erased", personEvent("d@example.in"));
    const now = new Date(Date.now() + 1000);
    const [stale] = await claimDueDeliveries(t.db, now);
    const later = new Date(now.getTime() + 61_000);
    await sendDueDeliveries(t.db, { key: KEY, rules: RULES, now: later });
    expect(receiver.received).toHaveLength(1);
    // The first runner comes back late: its claim no longer holds, nothing is sent twice.
    expect(stale).toBeDefined();
    expect(await claimDueDeliveries(t.db, new Date(later.getTime() + 120_000))).toEqual([]);
    const [delivery] = await deliveries();
    expect(delivery?.status).toBe("delivered");
    expect(Number(delivery?.attempts)).toBe(1);
  });

  it("pauses an endpoint that failed for 24 hours, and resumes it on request", async () => {
    const endpoint = await endpointFor(["person.erased"]);
    receiver.status = 500;
    await queueWebhookEvent(t.db, "person.erased", personEvent("e@example.in"));
    const start = new Date((await deliveries())[0]?.scheduleFrom ?? "");
    let now = start;
    let paused: string | null = null;
    for (let i = 0; i < 20 && !paused; i++) {
      await sendDueDeliveries(t.db, { key: KEY, rules: RULES, now });
      const [delivery] = await deliveries();
      now = new Date(delivery?.nextAttemptAt ?? now.toISOString());
      paused =
        (
          await t.db
            .selectFrom("webhookEndpoints")
            .select("pausedAt")
            .where("id", "=", endpoint.id)
            .executeTakeFirst()
        )?.pausedAt ?? null;
    }
    expect(paused).not.toBeNull();
    expect(Date.parse(paused ?? "") - start.getTime()).toBeGreaterThanOrEqual(
      PAUSE_AFTER_FAILING_MS,
    );
    // Paused: new events still queue, but nothing is attempted.
    await queueWebhookEvent(t.db, "person.erased", personEvent("f@example.in"));
    const far = new Date(now.getTime() + 3_600_000);
    expect(await claimDueDeliveries(t.db, far, 50)).toEqual([]);

    receiver.status = 200;
    const resumed = await resumeEndpoint(t.db, ACTOR, endpoint.id);
    expect(resumed.ok).toBe(true);
    const report = await sendDueDeliveries(t.db, { key: KEY, rules: RULES, now: far });
    expect(report.delivered).toBe(2);
    const audit = await t.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", endpoint.id)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(["create", "resume"]);
  });

  it("an erasure removes what was queued about the person and tells the receivers", async () => {
    await endpointFor(["enquiry.created", "person.erased"]);
    await queueWebhookEvent(t.db, "enquiry.created", {
      id: "enq_1",
      name: "Gita",
      firstName: "Gita",
      lastName: "",
      email: "Gita@Example.in",
      phone: "",
      company: "",
      jobTitle: "",
      companySize: "",
      industry: "",
      service: "",
      timeline: "",
      message: "Hello",
      newsletter: false,
      source: "contact_form",
      submittedAt: new Date().toISOString(),
    });
    await erasePerson(t.db, "gita@example.in", ACTOR);
    const left = await deliveries();
    expect(left.map((d) => d.eventType)).toEqual(["person.erased"]);
    expect(left[0]?.body).not.toContain("Hello");
  });

  it("staff commands: https only in production, off stops queueing and sending, remove", async () => {
    const strict = { allowPrivate: false, requireHttps: true };
    const refused = await createEndpoint(t.db, ACTOR, KEY, strict, {
      url: "http://crm.example.in/hooks",
      description: "",
      events: ["person.erased"],
    });
    expect(refused).toEqual({
      ok: false,
      error: "The address must start with https://",
      field: "url",
    });
    const endpoint = await endpointFor(["person.erased"]);
    await queueWebhookEvent(t.db, "person.erased", personEvent("i@example.in"));
    expect((await setEndpointEnabled(t.db, ACTOR, endpoint.id, false)).ok).toBe(true);
    expect(await queueWebhookEvent(t.db, "person.erased", personEvent("j@example.in"))).toBe(0);
    expect(await claimDueDeliveries(t.db, new Date(Date.now() + 1000))).toEqual([]);
    expect((await setEndpointEnabled(t.db, ACTOR, endpoint.id, true)).ok).toBe(true);
    expect((await sendDueDeliveries(t.db, { key: KEY, rules: RULES })).delivered).toBe(1);
    expect((await deleteEndpoint(t.db, ACTOR, endpoint.id)).ok).toBe(true);
    expect(await deliveries()).toEqual([]);
    const audit = await t.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", endpoint.id)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      "create",
      "delete",
      "disable",
      "enable",
    ]);
  });

  it("gives up an attempt the receiver does not answer in time, and tries again later", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((done) => silent.listen(0, "127.0.0.1", done));
    try {
      const { port } = silent.address() as AddressInfo;
      await endpointFor(["person.erased"], `http://127.0.0.1:${port}/hooks`);
      await queueWebhookEvent(t.db, "person.erased", personEvent("k@example.in"));
      const report = await sendDueDeliveries(t.db, { key: KEY, rules: RULES, timeoutMs: 300 });
      expect(report.retried).toBe(1);
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: "pending", lastResponseCode: null });
      expect(delivery?.lastError).toMatch(/No answer within 0.3 seconds/);
    } finally {
      silent.closeAllConnections();
      await new Promise((done) => silent.close(done));
    }
  });

  it("does not deliver to a private address unless allowed", async () => {
    await endpointFor(["person.erased"]);
    await queueWebhookEvent(t.db, "person.erased", personEvent("h@example.in"));
    const report = await sendDueDeliveries(t.db, {
      key: KEY,
      rules: { allowPrivate: false, requireHttps: false },
    });
    expect(report.retried).toBe(1);
    expect(receiver.received).toEqual([]);
    const [delivery] = await deliveries();
    expect(delivery?.lastError).toMatch(/private or local|this machine/);
  });
});
