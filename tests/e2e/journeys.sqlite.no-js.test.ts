import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJourney } from "../support/journeys";
import {
  applicationAsPerson,
  applicationBots,
  BOT_ADDRESSES,
  bookingAsPerson,
  bookingBots,
  contactAsPerson,
  contactBots,
  fetchForm,
  GUIDE,
  type JourneyWorld,
  mailsToAny,
  newsletterAsPerson,
  newsletterBot,
  postingPath,
  resourceBots,
  resourceRequestAsPerson,
} from "../support/journeys-forms";
import { type JourneySite, startSqliteSite, troubleIn } from "../support/journeys-site";

/*
 * Issue 22 §3, without JavaScript: the README's `npm start` in a fresh install, and a person
 * whose browser runs no scripts sending each of the five visitor forms (each must end as a real
 * record in the admin, with its mails). Then the bots, which run no scripts either: a post sent
 * at once with the page's token is asked to confirm a person sent it and stores nothing, a token
 * sent twice files the second post in the spam folder unmailed, and a filled honeypot signs
 * nobody up to the newsletter (decision 0014).
 */

describe("the shipped start on SQLite: each form without JavaScript", () => {
  const run = randomBytes(3).toString("hex");
  const postingTitle = `Rewards Consultant ${run.toUpperCase()}`;
  let site: JourneySite;
  let world: JourneyWorld;
  let close = async () => {};

  beforeAll(async () => {
    ({ site, world, close } = await startJourney(startSqliteSite, run));
    await world.admin.addActivePosting(postingTitle);
  }, 180_000);

  afterAll(() => close());

  describe("a person", () => {
    it("contact: the enquiry arrives in the inbox, with its two mails", () =>
      contactAsPerson(world, false));

    it("booking: the consultation is booked, in Bookings and the inbox, with its mails", () =>
      bookingAsPerson(world, false));

    it("job application: the application with its CV is in Applications, with its mails", () =>
      applicationAsPerson(world, false, postingTitle));

    it("resource request: the file downloads, the link is mailed, the lead is in the inbox", () =>
      resourceRequestAsPerson(world, false));

    it("newsletter: the footer sign-up, confirmed from its mail, is a subscriber", () =>
      newsletterAsPerson(world, false));
  });

  describe("a bot: too fast is asked the person check, a replayed token is spam", () => {
    // Fetched first, so that each is as old as a person's by the time it is replayed.
    let replays: Record<
      "contact" | "booking" | "application" | "resource",
      Awaited<ReturnType<typeof fetchForm>>
    >;
    let posting: string;

    beforeAll(async () => {
      posting = await postingPath(world, postingTitle);
      replays = {
        contact: await fetchForm(`${world.url}/contact`),
        booking: await fetchForm(`${world.url}/book`),
        application: await fetchForm(`${world.url}${posting}`),
        resource: await fetchForm(`${world.url}/resources/${GUIDE.slug}/download`),
      };
    });

    it("contact", () => contactBots(world, replays.contact));

    it("booking", () => bookingBots(world, replays.booking));

    it("job application", () => applicationBots(world, posting, replays.application));

    it("resource request", () => resourceBots(world, replays.resource));

    it("newsletter: a filled honeypot is thanked and signs nobody up", () => newsletterBot(world));

    it("no post held back or refused was mailed", () => {
      expect(BOT_ADDRESSES.size).toBeGreaterThanOrEqual(9);
      expect(mailsToAny(world.smtp, [...BOT_ADDRESSES])).toEqual([]);
    });
  });

  it("npm start found the build, and logged no error meanwhile", () => {
    expect(troubleIn(site.output())).toEqual([]);
  });
});
