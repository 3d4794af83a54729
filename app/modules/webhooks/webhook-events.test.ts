import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applicationForm, postingInput } from "~/modules/applications/application-fixtures";
import { submitApplication } from "~/modules/applications/application-submission.server";
import { createCareer } from "~/modules/careers/careers.server";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD } from "~/modules/forms/spam-fields";
import { submitResourceRequest } from "~/modules/library/resource-request.server";
import { resourceFromRow } from "~/modules/library/resources.server";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { seedDefaults } from "~/modules/seed.server";
import { pdfFile } from "../../../tests/support/office-files";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createEndpoint } from "./webhook-commands.server";
import { WEBHOOK_EVENTS } from "./webhook-events";
import { webhookKey } from "./webhook-secrets.server";

/*
 * The events queued where they happen (besides those of webhook-delivery.test.ts): a job
 * application (never its CV), a resource request, a sign-up confirmed at once.
 */

const SECRET = "webhook-events-test-secret-0123456789abcdef";
const KEY = webhookKey(SECRET);
const RULES = { allowPrivate: true, requireHttps: false };
const ACTOR = { id: null, name: "Admin" };

describe.each(DIALECTS)("events queued where they happen on %s", (dialect) => {
  let t: TestDatabase;
  let address = 0;
  const client = () => `203.0.113.${++address}`;
  const token = () => issueFormToken(SECRET, Date.now() - 10_000);
  const queued = async () =>
    (
      await t.db
        .selectFrom("webhookDeliveries")
        .select(["eventType", "body", "personEmail"])
        .orderBy("createdAt")
        .execute()
    ).map((row) => ({ ...row, data: JSON.parse(row.body).data as Record<string, unknown> }));

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    const made = await createEndpoint(t.db, ACTOR, KEY, RULES, {
      url: "http://127.0.0.1:9/hooks",
      description: "",
      events: [...WEBHOOK_EVENTS],
    });
    if (!made.ok) throw new Error(made.error);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("webhookDeliveries").execute();
  });

  it("a job application, with its details and never its CV", async () => {
    const career = await createCareer(t.db, postingInput());
    const fields = applicationForm(token());
    const sent = await submitApplication(
      t.db,
      career.id,
      { fields, cv: { clientName: "cv.pdf", bytes: await pdfFile("Anjali Mehta") } },
      { secret: SECRET, clientAddress: client(), baseUrl: "https://site.test" },
    );
    expect(sent.result.status).toBe("success");
    const [event, ...others] = await queued();
    expect(others).toEqual([]);
    expect(event?.eventType).toBe("application.created");
    expect(event?.data).toMatchObject({
      careerId: career.id,
      careerTitle: "Rewards Consultant",
      name: "Anjali Mehta",
      email: "anjali@example.com",
      coverNote: "Ten years in reward.",
    });
    const application = await t.db
      .selectFrom("applications")
      .select("cvFileId")
      .executeTakeFirstOrThrow();
    expect(event?.body).not.toContain(application.cvFileId);
    expect(
      Object.keys(event?.data ?? {}).filter((key) => /^cv|FileId$|consent/i.test(key)),
    ).toEqual([]);
  });

  it("a resource request, with the lead and the resource", async () => {
    const row = await t.db.selectFrom("resources").selectAll().limit(1).executeTakeFirstOrThrow();
    const outcome = await submitResourceRequest(
      t.db,
      resourceFromRow(row),
      new URLSearchParams({
        [FORM_TOKEN_FIELD]: token(),
        name: "Priya Nair",
        email: "priya@example.com",
        company: "Beta Ltd",
      }),
      { secret: SECRET, clientAddress: client(), baseUrl: "https://site.test" },
    );
    expect(outcome.enquiry).toBeDefined();
    expect(await queued()).toEqual([
      expect.objectContaining({
        eventType: "resource.requested",
        personEmail: "priya@example.com",
        data: expect.objectContaining({
          enquiryId: outcome.enquiry?.id,
          name: "Priya Nair",
          resource: { slug: row.slug, title: row.title },
        }),
      }),
    ]);
  });

  it("a newsletter sign-up confirmed at once (no e-mail set up), and none for a pending one", async () => {
    await subscribe(t.db, {
      email: "later@example.in",
      source: "footer",
      consentText: "Send me the newsletter",
      confirmed: false,
    });
    expect(await queued()).toEqual([]);
    await subscribe(t.db, {
      email: "now@example.in",
      source: "footer",
      consentText: "Send me the newsletter",
      confirmed: true,
    });
    // A pending address signing up again, confirmed at once.
    await subscribe(t.db, {
      email: "later@example.in",
      source: "footer",
      consentText: "Send me the newsletter",
      confirmed: true,
    });
    const events = await queued();
    expect(events.map((event) => [event.eventType, event.personEmail])).toEqual([
      ["subscriber.confirmed", "now@example.in"],
      ["subscriber.confirmed", "later@example.in"],
    ]);
    expect(events[0]?.body).not.toContain("token");
  });
});
