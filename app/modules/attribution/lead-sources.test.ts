import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { applicationForm, postingInput } from "~/modules/applications/application-fixtures";
import { submitApplication } from "~/modules/applications/application-submission.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  NOW,
  TUESDAY_10_IST,
} from "~/modules/bookings/booking-fixtures";
import { submitBooking } from "~/modules/bookings/booking-submission.server";
import { createCareer } from "~/modules/careers/careers.server";
import { submitContactForm } from "~/modules/enquiries/contact-submission.server";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD } from "~/modules/forms/spam-fields";
import { submitResourceRequest } from "~/modules/library/resource-request.server";
import { resourceFromRow } from "~/modules/library/resources.server";
import { NEWSLETTER_FIELDS } from "~/modules/newsletter/newsletter-form";
import { signUpFromForm } from "~/modules/newsletter/sign-up.server";
import { seedDefaults } from "~/modules/seed.server";
import { pdfFile } from "../../../tests/support/office-files";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  encodeLeadSource,
  type LeadSource,
  mergeTouch,
  touchOf,
} from "./lead-source-cookie.server";
import {
  getLeadSource,
  leadSourceChoices,
  leadSourceCondition,
  recordLeadSource,
} from "./lead-sources.server";

/*
 * Each of the five visitor forms stores the visit's first and latest source from the cookie the
 * adapter passes (issue 26), on SQLite and PostgreSQL; a changed cookie stores none and still
 * stores the record.
 */

const SECRET = bookingContext().secret;
const at = NOW.getTime();
const linkedin = touchOf({ url: "/?utm_source=linkedin&utm_campaign=q4-rewards", now: NOW });
const google = touchOf({
  url: "/guides",
  referer: "https://www.google.com/",
  now: new Date(at + 86_400_000),
});
if (!linkedin || !google) throw new Error("touches expected");
const LEAD: LeadSource = mergeTouch(mergeTouch(null, linkedin), google);
const COOKIE = encodeLeadSource(SECRET, LEAD);
const TAMPERED = COOKIE.replace(/\.[\w-]+$/, ".AAAAAAAAAAAAAAAAAAAAAA");

let address = 0;
const client = () => `192.0.2.${++address}`;
const token = () => issueFormToken(SECRET, at - 20_000);
const MAIL = { enabled: true, baseUrl: "https://trc.example.in", notifyTo: "firm@example.in" };

function fields(values: Record<string, string>): URLSearchParams {
  return new URLSearchParams({ [FORM_TOKEN_FIELD]: token(), ...values });
}

async function contact(db: DB, leadSourceCookie: string | undefined, email = "jane@example.com") {
  const form = fields({ firstName: "Jane", lastName: "Doe", email, company: "Acme Ltd" });
  const sent = await submitContactForm(db, form, {
    secret: SECRET,
    clientAddress: client(),
    mail: MAIL,
    now: at,
    leadSourceCookie,
  });
  const id = sent.enquiry?.id;
  if (!id) throw new Error(`no enquiry: ${JSON.stringify(sent.result)}`);
  return id;
}

describe.each(DIALECTS)("lead sources of the visitor forms, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("an enquiry stores the first and latest source", async () => {
    const enquiryId = await contact(t.db, COOKIE);
    expect(await getLeadSource(t.db, { enquiryId })).toEqual(LEAD);
  });

  it("an enquiry with the newsletter box stores the source with the sign-up too", async () => {
    const form = fields({
      firstName: "Ravi",
      lastName: "Kumar",
      email: "ravi@example.com",
      company: "Acme Ltd",
      newsletter: "on",
    });
    const sent = await submitContactForm(t.db, form, {
      secret: SECRET,
      clientAddress: client(),
      mail: MAIL,
      now: at,
      leadSourceCookie: COOKIE,
    });
    const subscriber = await t.db
      .selectFrom("newsletterSubscribers")
      .select("id")
      .where("email", "=", "ravi@example.com")
      .executeTakeFirstOrThrow();
    expect(sent.enquiry).toBeDefined();
    expect(await getLeadSource(t.db, { subscriberId: subscriber.id })).toEqual(LEAD);
  });

  it("a resource request stores it with its lead", async () => {
    const row = await t.db.selectFrom("resources").selectAll().limit(1).executeTakeFirstOrThrow();
    const outcome = await submitResourceRequest(
      t.db,
      resourceFromRow(row),
      fields({ name: "Priya Nair", email: "priya@example.com", company: "Beta Ltd" }),
      {
        secret: SECRET,
        clientAddress: client(),
        baseUrl: MAIL.baseUrl,
        now: at,
        leadSourceCookie: COOKIE,
      },
    );
    const enquiryId = outcome.enquiry?.id;
    expect(enquiryId).toBeDefined();
    expect(await getLeadSource(t.db, { enquiryId: enquiryId ?? "" })).toEqual(LEAD);
  });

  it("a newsletter sign-up stores it; signing up again keeps the first and updates the latest", async () => {
    const signUp = (leadSourceCookie: string) =>
      signUpFromForm(
        t.db,
        new URLSearchParams({
          [NEWSLETTER_FIELDS.email]: "meera@example.com",
          [NEWSLETTER_FIELDS.source]: "footer",
          [NEWSLETTER_FIELDS.returnTo]: "/",
        }),
        { secret: SECRET, clientAddress: client(), mail: MAIL, now: at, leadSourceCookie },
      );
    await signUp(encodeLeadSource(SECRET, mergeTouch(null, linkedin)));
    const { id } = await t.db
      .selectFrom("newsletterSubscribers")
      .select("id")
      .where("email", "=", "meera@example.com")
      .executeTakeFirstOrThrow();
    expect(await getLeadSource(t.db, { subscriberId: id })).toEqual({
      first: linkedin,
      latest: linkedin,
    });
    await signUp(encodeLeadSource(SECRET, mergeTouch(null, google)));
    expect(await getLeadSource(t.db, { subscriberId: id })).toEqual({
      first: linkedin,
      latest: google,
    });
  });

  it("a job application stores it", async () => {
    const careerId = (await createCareer(t.db, postingInput())).id;
    const form = applicationForm(issueFormToken(SECRET, Date.now() - 20_000));
    const submitted = await submitApplication(
      t.db,
      careerId,
      { fields: form, cv: { clientName: "cv.pdf", bytes: await pdfFile("Anjali Mehta") } },
      { secret: SECRET, clientAddress: client(), baseUrl: MAIL.baseUrl, leadSourceCookie: COOKIE },
    );
    const applicationId = submitted.application?.id;
    expect(applicationId).toBeDefined();
    expect(await getLeadSource(t.db, { applicationId: applicationId ?? "" })).toEqual(LEAD);
  });

  it("a booking stores it, for the booking and for its enquiry", async () => {
    await clearBookings(t.db);
    await consultantFixture(t.db);
    const request = bookingRequest(TUESDAY_10_IST);
    const form = fields(
      Object.fromEntries(
        Object.entries(request).map(([k, v]) => [k, typeof v === "boolean" ? "" : v]),
      ),
    );
    const submitted = await submitBooking(t.db, form, {
      secret: SECRET,
      clientAddress: client(),
      mail: MAIL,
      now: at,
      leadSourceCookie: COOKIE,
    });
    if (!submitted.booked) throw new Error(`not booked: ${JSON.stringify(submitted.answer)}`);
    expect(await getLeadSource(t.db, { bookingId: submitted.booked.id })).toEqual(LEAD);
    expect(await getLeadSource(t.db, { enquiryId: submitted.booked.enquiryId })).toEqual(LEAD);
  });

  it("a changed cookie stores no source, and the enquiry is stored all the same", async () => {
    const enquiryId = await contact(t.db, TAMPERED, "tampered@example.com");
    expect(await getLeadSource(t.db, { enquiryId })).toBeNull();
    const plain = await contact(t.db, undefined, "plain@example.com");
    expect(await getLeadSource(t.db, { enquiryId: plain })).toBeNull();
  });

  it("filters by source and campaign, offers the stored values, and goes with its record", async () => {
    const enquiryId = await contact(t.db, COOKIE, "filter@example.com");
    const matching = async (filter: { source?: string; campaign?: string }) =>
      (
        await t.db
          .selectFrom("enquiries")
          .select("enquiries.id")
          .where(leadSourceCondition("enquiryId", "enquiries.id", filter))
          .execute()
      ).map((row) => row.id);
    expect(await matching({ source: "linkedin", campaign: "q4-rewards" })).toContain(enquiryId);
    expect(await matching({ source: "google.com" })).toContain(enquiryId);
    expect(await matching({ source: "google.com", campaign: "q4-rewards" })).not.toContain(
      enquiryId,
    );
    expect(await matching({ campaign: "other" })).toEqual([]);
    expect(await leadSourceChoices(t.db, "enquiryId")).toEqual({
      sources: ["google.com", "linkedin"],
      campaigns: ["q4-rewards"],
    });
    await t.db.deleteFrom("enquiries").where("id", "=", enquiryId).execute();
    const left = await t.db
      .selectFrom("leadSources")
      .select("id")
      .where("enquiryId", "=", enquiryId)
      .execute();
    expect(left).toEqual([]);
  });

  it("records nothing for a visit without a source", async () => {
    const enquiryId = await contact(t.db, undefined, "none@example.com");
    await recordLeadSource(t.db, { enquiryId }, null);
    expect(await getLeadSource(t.db, { enquiryId })).toBeNull();
  });
});
