import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { applicationForm, postingInput } from "~/modules/applications/application-fixtures";
import { submitApplication } from "~/modules/applications/application-submission.server";
import {
  encodeLeadSource,
  mergeTouch,
  touchOf,
} from "~/modules/attribution/lead-source-cookie.server";
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
import { BLANK_OPTIONALS } from "~/modules/enquiries/enquiry-fixtures";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD } from "~/modules/forms/spam-fields";
import { erasePerson } from "~/modules/leads/erasure.server";
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
import { personNoteSchema, personTagSchema } from "./people.schema";
import { listPeople, peopleTags, streamPeopleBatches } from "./people.server";
import { peopleCsvStream } from "./people-export.server";
import { cursorText, parsePeopleCursors, parsePeopleQuery, peopleSearch } from "./people-query";
import type { PersonSummary } from "./people-rows.server";
import { PEOPLE_SEARCH_LIMITS } from "./people-search.server";
import { getPerson, personIdOf } from "./person.server";
import { addPersonNote, addPersonTag, removePersonTag } from "./person-commands.server";

/*
 * One person per address (issue 26), on SQLite and PostgreSQL: built from each kind of record
 * the visitor forms store, with sources; notes and tags through commands with audit; the CSV
 * export with formulas neutralised; erasure takes the person along.
 */

const SECRET = bookingContext().secret;
const at = NOW.getTime();
const linkedin = touchOf({ url: "/?utm_source=linkedin&utm_campaign=q4-rewards", now: NOW });
if (!linkedin) throw new Error("touch expected");
const COOKIE = encodeLeadSource(SECRET, mergeTouch(null, linkedin));
const EMAIL = "Priya.Nair@Example.com";
const ADDRESS = "priya.nair@example.com";
const MAIL = { enabled: true, baseUrl: "https://trc.example.in", notifyTo: "firm@example.in" };
const STAFF = { id: null, name: "Staff Member" };

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
}

let address = 0;
const client = () => `192.0.2.${++address}`;
const fields = (values: Record<string, string>) =>
  new URLSearchParams({ [FORM_TOKEN_FIELD]: issueFormToken(SECRET, at - 20_000), ...values });

async function everyKindOfRecord(db: DB) {
  // First: the fixture empties the enquiries.
  await clearBookings(db);
  await consultantFixture(db);
  const request = bookingRequest(TUESDAY_10_IST, {
    firstName: "Priya",
    lastName: "Nair",
    email: ADDRESS,
    company: "Acme Pvt Ltd",
  });
  const booked = await submitBooking(
    db,
    fields(
      Object.fromEntries(
        Object.entries(request).map(([k, v]) => [k, typeof v === "boolean" ? "" : v]),
      ),
    ),
    { secret: SECRET, clientAddress: client(), mail: MAIL, now: at, leadSourceCookie: COOKIE },
  );
  if (!booked.booked) throw new Error(`not booked: ${JSON.stringify(booked.answer)}`);
  await submitContactForm(
    db,
    fields({ firstName: "Priya", lastName: "Nair", email: EMAIL, company: "Acme Ltd" }),
    { secret: SECRET, clientAddress: client(), mail: MAIL, now: at, leadSourceCookie: COOKIE },
  );
  const resource = await db.selectFrom("resources").selectAll().limit(1).executeTakeFirstOrThrow();
  await submitResourceRequest(
    db,
    resourceFromRow(resource),
    fields({ name: "Priya Nair", email: ADDRESS, company: "Acme Ltd" }),
    {
      secret: SECRET,
      clientAddress: client(),
      baseUrl: MAIL.baseUrl,
      now: at,
      leadSourceCookie: COOKIE,
    },
  );
  await signUpFromForm(
    db,
    new URLSearchParams({
      [NEWSLETTER_FIELDS.email]: ADDRESS,
      [NEWSLETTER_FIELDS.source]: "footer",
      [NEWSLETTER_FIELDS.returnTo]: "/",
    }),
    { secret: SECRET, clientAddress: client(), mail: MAIL, now: at, leadSourceCookie: COOKIE },
  );
  const careerId = (await createCareer(db, postingInput())).id;
  const form = applicationForm(issueFormToken(SECRET, Date.now() - 20_000), {
    fullName: "Priya Nair",
    email: ADDRESS,
  });
  await submitApplication(
    db,
    careerId,
    { fields: form, cv: { clientName: "cv.pdf", bytes: await pdfFile("Priya Nair") } },
    { secret: SECRET, clientAddress: client(), baseUrl: MAIL.baseUrl, leadSourceCookie: COOKIE },
  );
}

describe.each(DIALECTS)("people, on %s", (dialect) => {
  let t: TestDatabase;
  let personId = "";
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    await everyKindOfRecord(t.db);
    personId = (await personIdOf(t.db, ` ${EMAIL} `)) ?? "";
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("keeps one person per address, built from every kind of record, each with its source", async () => {
    expect(personId).not.toBe("");
    const people = await t.db
      .selectFrom("people")
      .selectAll()
      .where("email", "like", "priya%")
      .execute();
    expect(people.map((p) => p.email)).toEqual([ADDRESS]);
    const person = await getPerson(t.db, personId);
    expect(person?.name).toContain("Nair");
    const kinds = person?.timeline.map((item) => item.kind).sort();
    expect(kinds).toEqual(["application", "booking", "enquiry", "resource", "subscription"]);
    for (const item of person?.timeline ?? []) {
      expect(item.source?.first.source, item.kind).toBe("linkedin");
      expect(item.source?.first.campaign, item.kind).toBe("q4-rewards");
    }
    const times = person?.timeline.map((item) => item.at) ?? [];
    expect(times).toEqual([...times].sort().reverse());
    expect(person?.subscription?.status).toBe("pending");
  });

  it("lists, searches by name, address and company, and filters by tag", async () => {
    const all = await listPeople(t.db, {});
    expect(all.total).toBe(1);
    for (const q of ["nair", "PRIYA.NAIR@", "acme", "Ai"]) {
      expect(
        (await listPeople(t.db, { q })).items.map((p) => p.id),
        q,
      ).toEqual([personId]);
    }
    expect((await listPeople(t.db, { q: "nobody" })).total).toBe(0);
    expect((await listPeople(t.db, { q: "%" })).total).toBe(0);
  });

  it("adds notes and tags through commands with audit entries", async () => {
    expect(personNoteSchema.safeParse({ body: "  " }).success).toBe(false);
    expect(personTagSchema.safeParse({ tag: "=cmd" }).success).toBe(false);
    const tag = personTagSchema.parse({ tag: " Hot Lead " });
    expect(tag.tag).toBe("hot lead");
    expect(await addPersonNote(t.db, STAFF, personId, { body: "Called; send a proposal." })).toBe(
      "done",
    );
    expect(await addPersonTag(t.db, STAFF, personId, tag)).toBe("done");
    expect(await addPersonTag(t.db, STAFF, personId, tag)).toBe("unchanged");
    expect(await addPersonTag(t.db, STAFF, personId, { tag: "=hyperlink" })).toBe("done");
    expect(await addPersonNote(t.db, STAFF, "missing", { body: "x" })).toBe("missing");
    const person = await getPerson(t.db, personId);
    expect(person?.tags).toEqual(["=hyperlink", "hot lead"]);
    expect(person?.timeline.find((item) => item.kind === "note")?.body).toBe(
      "Called; send a proposal.",
    );
    expect((await listPeople(t.db, { tag: "hot lead" })).total).toBe(1);
    expect((await listPeople(t.db, { tag: "other" })).total).toBe(0);
    const audit = await t.db
      .selectFrom("auditLog")
      .select(["action", "entityId"])
      .where("entityType", "=", "person")
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["note", "tag", "tag"]);
    expect(audit.every((a) => a.entityId === personId)).toBe(true);
    expect(await removePersonTag(t.db, STAFF, personId, { tag: "=hyperlink" })).toBe("done");
    expect(await removePersonTag(t.db, STAFF, personId, { tag: "=hyperlink" })).toBe("unchanged");
    // The tag filter offers each tag in use once, in order.
    await t.db
      .insertInto("enquiries")
      .values({
        id: "second-person",
        firstName: "Kiran",
        lastName: "Rao",
        fullName: "Kiran Rao",
        email: "kiran@example.com",
        company: "",
        ...BLANK_OPTIONALS,
        newsletter: false,
        submittedAt: NOW.toISOString(),
        status: "new",
        source: "contact",
        spamReason: null,
        updatedAt: null,
      })
      .execute();
    const second = await personIdOf(t.db, "kiran@example.com");
    await addPersonTag(t.db, STAFF, second ?? "", { tag: "hot lead" });
    await addPersonTag(t.db, STAFF, second ?? "", { tag: "board" });
    expect(await peopleTags(t.db)).toEqual(["board", "hot lead"]);
    // The second person leaves with their record, and their tag with them.
    await t.db.deleteFrom("enquiries").where("id", "=", "second-person").execute();
    expect(await peopleTags(t.db)).toEqual(["hot lead"]);
  });

  it("exports the list as CSV with formulas neutralised", async () => {
    await t.db
      .updateTable("people")
      .set({ company: "=HYPERLINK(1)" })
      .where("id", "=", personId)
      .execute();
    const csv = await readAll(peopleCsvStream(t.db, {}));
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Email,Name,Company,Tags,First Seen At,Last Seen At");
    expect(lines[1]).toContain(ADDRESS);
    expect(lines[1]).toContain("'=HYPERLINK(1)");
    expect(lines[1]).toContain("hot lead");
  });

  it("a spam enquiry makes no person; releasing it does, holding it again removes it", async () => {
    await t.db
      .insertInto("enquiries")
      .values({
        id: "spam-1",
        firstName: "Spam",
        lastName: "Bot",
        fullName: "Spam Bot",
        email: "spam@example.com",
        company: "",
        ...BLANK_OPTIONALS,
        newsletter: false,
        submittedAt: NOW.toISOString(),
        status: "new",
        source: "contact",
        spamReason: "honeypot",
        updatedAt: null,
      })
      .execute();
    expect(await personIdOf(t.db, "spam@example.com")).toBeUndefined();
    await t.db
      .updateTable("enquiries")
      .set({ spamReason: null })
      .where("id", "=", "spam-1")
      .execute();
    expect(await personIdOf(t.db, "spam@example.com")).toBeDefined();
    await t.db
      .updateTable("enquiries")
      .set({ spamReason: "manual" })
      .where("id", "=", "spam-1")
      .execute();
    expect(await personIdOf(t.db, "spam@example.com")).toBeUndefined();
  });

  it("erasing the address removes the person with their notes and tags", async () => {
    await erasePerson(t.db, ADDRESS, STAFF);
    expect(await personIdOf(t.db, ADDRESS)).toBeUndefined();
    expect(await t.db.selectFrom("personNotes").select("id").execute()).toEqual([]);
    expect(await t.db.selectFrom("personTags").select("tag").execute()).toEqual([]);
  });
});

/*
 * The list at scale takes other paths (decision 0065): a search gathers its matches, or walks the
 * list's order and lists at most a cap of them; "Next" and "Previous" seek by the neighbouring
 * page's person. With the bounds lowered, each path on 60 people must show exactly what the plain
 * path (the CSV export's stream, which reads every match in order) shows.
 */
describe.each(DIALECTS)("people list paths, on %s", (dialect) => {
  let t: TestDatabase;
  const limits = { ...PEOPLE_SEARCH_LIMITS };
  const FIRST = ["Asha", "Zoë", "Ravi", "Zoë", "Kiran", "Sharmila"];
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    Object.assign(PEOPLE_SEARCH_LIMITS, { cap: 5, gather: 12 });
    await t.db
      .insertInto("enquiries")
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: `scale-${i}`,
          firstName: FIRST[i % FIRST.length] ?? "",
          lastName: `Rao${i}`,
          fullName: `${FIRST[i % FIRST.length]} Rao${i}`,
          email: `person${i}@example${i % 3}.com`,
          company: i % 4 === 0 ? "Banyan Ltd" : "Cedar",
          ...BLANK_OPTIONALS,
          newsletter: false,
          // Pairs of people seen at the same moment: the id breaks the tie.
          submittedAt: new Date(at - Math.floor(i / 2) * 60_000).toISOString(),
          status: "new",
          source: "contact",
          spamReason: null,
          updatedAt: null,
        })),
      )
      .execute();
    const tagged = await t.db
      .selectFrom("people")
      .select("id")
      .where("name", "like", "Ravi%")
      .execute();
    await t.db
      .insertInto("personTags")
      .values(
        tagged.map((p) => ({ personId: p.id, tag: "hot lead", createdAt: NOW.toISOString() })),
      )
      .execute();
  });
  afterAll(async () => {
    Object.assign(PEOPLE_SEARCH_LIMITS, limits);
    await t.destroy();
  });

  async function everyMatch(filters: { q?: string; tag?: string }): Promise<string[]> {
    const ids: string[] = [];
    for await (const batch of streamPeopleBatches(t.db, filters))
      ids.push(...batch.map((p) => p.id));
    return ids;
  }

  async function listed(filters: { q?: string; tag?: string }) {
    const first = await listPeople(t.db, { ...filters, pageSize: 3 });
    const ids: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) {
      const { items } = await listPeople(t.db, { ...filters, pageSize: 3, page });
      ids.push(...items.map((p: PersonSummary) => p.id));
    }
    return { ...first, ids };
  }

  it("searches by any part of a name, address or company, listing at most the cap of the most recently seen", async () => {
    // Gathered (a few; more than the cap, all counted), walked when broad (capped), one or two
    // characters alike; "zoë" outside ASCII, broad.
    for (const q of ["sharmila", "BANYAN", "rao1", "a", "zq", "rao", "zoë", "@", "nobody"]) {
      const every = await everyMatch({ q });
      const list = await listed({ q });
      if (list.capped) {
        expect(every.length, q).toBeGreaterThan(list.total);
        expect(list.total, q).toBe(5);
      } else expect(list.total, q).toBe(every.length);
      expect(list.ids, q).toEqual(every.slice(0, list.total));
    }
    expect(await listed({ q: "sharmila" })).toMatchObject({ total: 10, capped: false });
    expect(await listed({ q: "rao" })).toMatchObject({ total: 5, capped: true });
    expect(await listed({ q: "zoë" })).toMatchObject({ total: 5, capped: true });
    expect(await listed({ q: "a" })).toMatchObject({ total: 5, capped: true });
    expect(await listed({ q: "zq" })).toMatchObject({ total: 0, capped: false });
    // With a tag: "rao" gathers its 10 tagged matches; "a" (short) walks and stops at the cap.
    for (const [q, total, capped] of [
      ["rao", 10, false],
      ["a", 5, true],
    ] as const) {
      const tagged = await listed({ q, tag: "hot lead" });
      expect(tagged, q).toMatchObject({ total, capped });
      expect(tagged.ids, q).toEqual((await everyMatch({ q, tag: "hot lead" })).slice(0, total));
    }
  });

  it("pages by the neighbouring page's person as by number, from either end", async () => {
    for (const filters of [{}, { tag: "hot lead" }]) {
      const every = await everyMatch(filters);
      let page = await listPeople(t.db, { ...filters, pageSize: 7 });
      const forward = [...page.items.map((p) => p.id)];
      while (page.after) {
        page = await listPeople(t.db, {
          ...filters,
          pageSize: 7,
          page: page.page + 1,
          after: page.after,
        });
        forward.push(...page.items.map((p) => p.id));
      }
      expect(forward).toEqual(every);
      const backward = [...page.items.map((p) => p.id)];
      while (page.before) {
        page = await listPeople(t.db, {
          ...filters,
          pageSize: 7,
          page: page.page - 1,
          before: page.before,
        });
        backward.unshift(...page.items.map((p) => p.id));
      }
      expect(backward).toEqual(every);
      const byNumber: string[] = [];
      for (let n = 1; n <= page.pageCount; n++) {
        byNumber.push(
          ...(await listPeople(t.db, { ...filters, pageSize: 7, page: n })).items.map((p) => p.id),
        );
      }
      expect(byNumber).toEqual(every);
    }
  });

  it("finds a person whose text is longer than the list's index holds (PostgreSQL: 2,000 bytes)", async () => {
    await t.db
      .insertInto("enquiries")
      .values({
        id: "scale-long",
        firstName: "Qxina",
        lastName: "Rao",
        fullName: "Qxina Rao",
        email: "qxina@example.com",
        company: `Banyan ${"Compensation and Benefits Advisory ".repeat(70)}end`,
        ...BLANK_OPTIONALS,
        newsletter: false,
        // Among the others in the list's order, so that merging the two reads is tested.
        submittedAt: new Date(at - 10 * 60_000 - 1).toISOString(),
        status: "new",
        source: "contact",
        spamReason: null,
        updatedAt: null,
      })
      .execute();
    // A cap above the 61 people: the broad searches walk the whole list, past the long one.
    Object.assign(PEOPLE_SEARCH_LIMITS, { cap: 100, gather: 12 });
    try {
      for (const q of ["qx", "y e", "advisory", "rao", "banyan", "a"]) {
        const every = await everyMatch({ q });
        const list = await listed({ q });
        expect(every.length, q).toBeGreaterThan(0);
        expect(list, q).toMatchObject({ total: every.length, capped: false });
        expect(list.ids, q).toEqual(every);
      }
      expect(await listed({ q: "qx" })).toMatchObject({ total: 1 });
      expect(await listed({ q: "banyan" })).toMatchObject({ total: 16 });
    } finally {
      Object.assign(PEOPLE_SEARCH_LIMITS, { cap: 5, gather: 12 });
    }
  });
});

describe("the pager's links", () => {
  it("carry the neighbouring page's person, and ignore a cursor that is not one", () => {
    const query = parsePeopleQuery(new URLSearchParams("q=rao&page=3"));
    const after = { lastSeenAt: "2026-11-26T10:00:00.000Z", id: "ab12" };
    const href = peopleSearch(query, { page: 4 }, { after: cursorText(after) });
    const params = new URLSearchParams(href.slice(1));
    expect(parsePeopleQuery(params)).toMatchObject({ q: "rao", page: 4 });
    expect(parsePeopleCursors(params)).toEqual({ after, before: undefined });
    for (const bad of ["", "no-separator", "a~b~c", "~id", "x".repeat(300)]) {
      expect(parsePeopleCursors(new URLSearchParams({ before: bad })).before, bad).toBeUndefined();
    }
    // The CSV export's link carries no cursor.
    expect(peopleSearch(query, { page: 1 })).toBe("?q=rao");
  });
});
