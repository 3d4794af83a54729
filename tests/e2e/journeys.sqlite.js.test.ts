import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJourney } from "../support/journeys";
import {
  applicationAsPerson,
  bookingAsPerson,
  contactAsPerson,
  type JourneyWorld,
  newsletterAsPerson,
  resourceRequestAsPerson,
} from "../support/journeys-forms";
import { type JourneySite, startSqliteSite, troubleIn } from "../support/journeys-site";

/*
 * Issue 22 §3: the README's first command, `npm start`, in a fresh install (SQLite under data/,
 * the first admin from ADMIN_*, mail to a local SMTP server), and a person with JavaScript
 * sending each of the five visitor forms. Each must end as a real record in the admin (not in
 * the spam folder) with its mails sent: a booking once ended in spam on this start while every
 * other test was green.
 */

describe("the shipped start on SQLite: a person with JavaScript sends each form", () => {
  const run = randomBytes(3).toString("hex");
  const postingTitle = `Compensation Analyst ${run.toUpperCase()}`;
  let site: JourneySite;
  let world: JourneyWorld;
  let close = async () => {};

  beforeAll(async () => {
    ({ site, world, close } = await startJourney(startSqliteSite, run));
    // A fresh install has no job posting: the admin adds one, as staff do.
    await world.admin.addActivePosting(postingTitle);
  }, 180_000);

  afterAll(() => close());

  it("contact: the enquiry arrives in the inbox, with its two mails", () =>
    contactAsPerson(world, true));

  it("booking: the consultation is booked, in Bookings and the inbox, with its mails", () =>
    bookingAsPerson(world, true));

  it("job application: the application with its CV is in Applications, with its mails", () =>
    applicationAsPerson(world, true, postingTitle));

  it("resource request: the file downloads, the link is mailed, the lead is in the inbox", () =>
    resourceRequestAsPerson(world, true));

  it("newsletter: the footer sign-up, confirmed from its mail, is a subscriber", () =>
    newsletterAsPerson(world, true));

  it("npm start found the build, and logged no error meanwhile", () => {
    expect(troubleIn(site.output())).toEqual([]);
  });
});
