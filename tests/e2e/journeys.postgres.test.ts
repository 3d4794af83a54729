import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJourney } from "../support/journeys";
import {
  bookingAsPerson,
  bookingBots,
  contactAsPerson,
  contactBots,
  fetchForm,
  type JourneyWorld,
} from "../support/journeys-forms";
import { type JourneySite, startPostgresSite, troubleIn } from "../support/journeys-site";

/*
 * Issue 22 §3 on the production topology: a fresh PostgreSQL database, two fresh installs each
 * started with `npm start` (together, both with the first admin's variables, as compose starts
 * them), nginx with deploy/nginx.conf in front. A person books a consultation and sends an
 * enquiry, with JavaScript and without, through nginx; a replayed token is spam whichever
 * instance each post reaches.
 */

describe("the shipped start on PostgreSQL, two instances behind nginx", () => {
  const run = randomBytes(3).toString("hex");
  let site: JourneySite;
  let world: JourneyWorld;
  let close = async () => {};

  beforeAll(async () => {
    ({ site, world, close } = await startJourney(startPostgresSite, run));
  }, 180_000);

  afterAll(() => close());

  it("contact with JavaScript", () => contactAsPerson(world, true));

  it("contact without JavaScript", () => contactAsPerson(world, false));

  it("booking with JavaScript", () => bookingAsPerson(world, true));

  it("booking without JavaScript", () => bookingAsPerson(world, false));

  it("bots: too fast is asked the person check, a replayed token is spam (contact, booking)", async () => {
    const contact = await fetchForm(`${world.url}/contact`);
    const booking = await fetchForm(`${world.url}/book`);
    await contactBots(world, contact);
    await bookingBots(world, booking);
  });

  it("both instances served the visitors, found the build and logged no error", () => {
    for (const instance of site.processes) {
      const served = instance
        .output()
        .split("\n")
        .filter((line) => line.includes('"event":"request"') && !line.includes('"/readyz"'));
      expect(served.length, `${instance.name} answered no request`).toBeGreaterThan(0);
      expect(troubleIn(instance.output()), instance.name).toEqual([]);
    }
  });
});
