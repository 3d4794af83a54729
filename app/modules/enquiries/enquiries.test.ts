import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INVALID_PHONE_MESSAGE } from "~/lib/phone-field";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  addNote,
  createEnquiry,
  deleteEnquiriesByEmail,
  deleteEnquiry,
  getEnquiry,
  listNotes,
  listStatusChanges,
  markNotSpam,
  setEnquiryStatus,
} from "./enquiries.server";
import { enquiryInputSchema, TIMELINE_LABELS, TIMELINES } from "./enquiry.schema";
import { ids, insertEnquiry } from "./enquiry-fixtures";
import { countEnquiriesByStatus, enquiriesPerWeek, startOfIstWeek } from "./enquiry-stats.server";
import { listEnquiries } from "./inbox-list.server";

const validForm = {
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.com",
  company: "Acme Ltd",
};

function issuesOf(input: unknown): Record<string, string> {
  const result = enquiryInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("enquiry schema", () => {
  it("requires first name, last name, a valid email and company", () => {
    expect(issuesOf({ firstName: " ", lastName: "", email: "", company: "" })).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      company: "Company is required",
    });
    expect(issuesOf({ ...validForm, email: "not-an-email" })).toEqual({
      email: "Enter a valid email address",
    });
    expect(issuesOf({ ...validForm, firstName: "x".repeat(81) })).toEqual({
      firstName: "Must be at most 80 characters",
    });
  });

  it("accepts the optional fields empty or from their lists, and a checkbox value", () => {
    const minimal = enquiryInputSchema.parse({ ...validForm, email: "  Jane@Example.com " });
    expect(minimal).toMatchObject({
      email: "Jane@Example.com",
      title: "",
      phone: "",
      companySize: "",
      industry: "",
      service: "",
      timeline: "",
      message: "",
      newsletter: false,
    });
    const full = enquiryInputSchema.parse({
      ...validForm,
      phone: "+91 (11) 2345-6789",
      companySize: "51-200",
      industry: "professional-services",
      service: "multiple",
      timeline: "",
      newsletter: "on",
    });
    expect(full).toMatchObject({
      companySize: "51-200",
      industry: "professional-services",
      newsletter: true,
    });
    expect(
      issuesOf({ ...validForm, companySize: "2000", timeline: "soon", phone: "call me" }),
    ).toEqual({
      companySize: "Choose a company size from the list",
      timeline: "Choose a timeline from the list",
      phone: INVALID_PHONE_MESSAGE,
    });
  });

  it("labels every timeline as the spec does", () => {
    expect(TIMELINES.map((t) => TIMELINE_LABELS[t])[0]).toBe("Immediate (within 1 month)");
  });
});

describe.each(DIALECTS)("enquiries on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await t.db
      .insertInto("user")
      .values({
        id: "user_1",
        name: "Staff One",
        email: "staff@example.com",
        emailVerified: true,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .execute();
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("enquiries").execute();
  });

  it("stores a new enquiry with its full name, status new and the contact-form source", async () => {
    const input = enquiryInputSchema.parse({
      ...validForm,
      lastName: "Doe ",
      newsletter: "on",
      service: "equity",
    });
    const enquiry = await createEnquiry(t.db, { ...input, lastName: "" });
    expect(enquiry.id).toMatch(/^enq_\d{13}_\d{4}[0-9a-f]{10}$/);
    expect(enquiry).toMatchObject({
      fullName: "Jane",
      status: "new",
      source: "contact_form",
      spamReason: null,
    });
    expect(Date.parse(enquiry.submittedAt)).toBeGreaterThan(Date.now() - 10_000);
    expect(await getEnquiry(t.db, enquiry.id)).toEqual(enquiry);
    expect((await getEnquiry(t.db, enquiry.id))?.newsletter).toBe(true);

    const other = await createEnquiry(t.db, input, { source: "resource_request" });
    expect(other.fullName).toBe("Jane Doe");
    expect(other.source).toBe("resource_request");
    expect(other.id).not.toBe(enquiry.id);
    expect(await getEnquiry(t.db, "missing")).toBeUndefined();
  });

  it("changes status with history and updatedAt, and ignores a change to the same status", async () => {
    const id = await insertEnquiry(t.db);
    expect(await setEnquiryStatus(t.db, id, "contacted", "user_1")).toBe(true);
    const afterFirst = await getEnquiry(t.db, id);
    expect(afterFirst?.status).toBe("contacted");
    expect(afterFirst?.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await setEnquiryStatus(t.db, id, "qualified", null)).toBe(true);
    expect(await setEnquiryStatus(t.db, id, "qualified", "user_1")).toBe(true);

    const history = await listStatusChanges(t.db, id);
    expect(
      history.map(({ fromStatus, toStatus, changedBy }) => ({ fromStatus, toStatus, changedBy })),
    ).toEqual([
      { fromStatus: "new", toStatus: "contacted", changedBy: "user_1" },
      { fromStatus: "contacted", toStatus: "qualified", changedBy: null },
    ]);
    const stored = await getEnquiry(t.db, id);
    expect(stored?.updatedAt).toBe(history[1]?.changedAt);
    expect(stored!.updatedAt! > afterFirst!.updatedAt!).toBe(true);

    expect(await setEnquiryStatus(t.db, "missing", "closed", null)).toBe(false);
    expect(await listStatusChanges(t.db, "missing")).toEqual([]);
  });

  it("keeps notes oldest first and deletes them with the enquiry", async () => {
    const id = await insertEnquiry(t.db);
    const first = await addNote(t.db, id, "user_1", "  Called, left a message  ");
    const second = await addNote(t.db, id, null, "Sent the proposal");
    expect(first?.body).toBe("Called, left a message");
    expect(await addNote(t.db, "missing", "user_1", "x")).toBeUndefined();
    expect((await listNotes(t.db, id)).map((n) => [n.body, n.authorId])).toEqual([
      ["Called, left a message", "user_1"],
      ["Sent the proposal", null],
    ]);
    expect(ids(await listNotes(t.db, id))).toEqual([first!.id, second!.id]);

    expect(await deleteEnquiry(t.db, id)).toBe(true);
    expect(await deleteEnquiry(t.db, id)).toBe(false);
    expect(await listNotes(t.db, id)).toEqual([]);
  });

  it("keeps spam out of the list and the counts until it is released", async () => {
    await insertEnquiry(t.db, { status: "new" });
    await insertEnquiry(t.db, { status: "new" });
    await insertEnquiry(t.db, { status: "contacted" });
    await insertEnquiry(t.db, { status: "closed" });
    const spam = await insertEnquiry(t.db, {
      status: "new",
      spamReason: "honeypot",
      firstName: "Spammy",
    });

    expect(await countEnquiriesByStatus(t.db)).toEqual({
      total: 4,
      new: 2,
      contacted: 1,
      qualified: 0,
      closed: 1,
    });
    const list = await listEnquiries(t.db);
    expect(list.total).toBe(4);
    expect(ids(list.items)).not.toContain(spam);
    expect((await listEnquiries(t.db, { q: "spammy" })).total).toBe(0);
    const spamList = await listEnquiries(t.db, { spam: true });
    expect(ids(spamList.items)).toEqual([spam]);
    expect(spamList.items[0]?.spamReason).toBe("honeypot");

    expect(await markNotSpam(t.db, spam)).toBe(true);
    expect(await markNotSpam(t.db, "missing")).toBe(false);
    expect((await getEnquiry(t.db, spam))?.spamReason).toBeNull();
    expect((await countEnquiriesByStatus(t.db)).new).toBe(3);
    expect((await listEnquiries(t.db, { spam: true })).total).toBe(0);
  });

  it("deletes every enquiry from an address, whatever its case", async () => {
    const a = await insertEnquiry(t.db, { email: "Erase.Me@Example.com" });
    const b = await insertEnquiry(t.db, { email: "erase.me@example.com", spamReason: "links" });
    const keep = await insertEnquiry(t.db, { email: "keep@example.com" });
    await addNote(t.db, a, null, "note");
    await setEnquiryStatus(t.db, a, "closed", null);
    expect(await deleteEnquiriesByEmail(t.db, "  ERASE.me@example.COM ")).toBe(2);
    expect(await getEnquiry(t.db, a)).toBeUndefined();
    expect(await getEnquiry(t.db, b)).toBeUndefined();
    expect(await getEnquiry(t.db, keep)).toBeDefined();
    expect(await listStatusChanges(t.db, a)).toEqual([]);
    expect(await deleteEnquiriesByEmail(t.db, "erase.me@example.com")).toBe(0);
  });

  it("counts enquiries per week by status, with empty weeks, Monday to Sunday IST", async () => {
    const now = new Date("2026-01-28T12:00:00.000Z"); // a Wednesday
    expect(startOfIstWeek(now).toISOString()).toBe("2026-01-25T18:30:00.000Z");
    expect(startOfIstWeek(new Date("2026-02-01T18:29:59.999Z")).toISOString()).toBe(
      "2026-01-25T18:30:00.000Z",
    );

    await insertEnquiry(t.db, { submittedAt: "2026-01-25T18:30:00.000Z", status: "new" });
    await insertEnquiry(t.db, { submittedAt: "2026-01-28T11:00:00.000Z", status: "contacted" });
    await insertEnquiry(t.db, { submittedAt: "2026-01-25T18:29:59.999Z", status: "qualified" });
    await insertEnquiry(t.db, { submittedAt: "2026-01-14T09:00:00.000Z", status: "closed" });
    await insertEnquiry(t.db, { submittedAt: "2025-11-09T18:30:00.000Z", status: "new" });
    await insertEnquiry(t.db, { submittedAt: "2025-11-09T18:29:59.999Z", status: "new" }); // before the range
    await insertEnquiry(t.db, { submittedAt: "2026-02-01T18:30:00.000Z", status: "new" }); // after it
    await insertEnquiry(t.db, {
      submittedAt: "2026-01-27T00:00:00.000Z",
      status: "new",
      spamReason: "links",
    });

    const weeks = await enquiriesPerWeek(t.db, 12, now);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]?.weekStart).toBe("2025-11-10");
    expect(weeks[11]?.weekStart).toBe("2026-01-26");
    for (const week of weeks) expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks[11]).toEqual({
      weekStart: "2026-01-26",
      new: 1,
      contacted: 1,
      qualified: 0,
      closed: 0,
    });
    expect(weeks[10]).toEqual({
      weekStart: "2026-01-19",
      new: 0,
      contacted: 0,
      qualified: 1,
      closed: 0,
    });
    expect(weeks[9]).toEqual({
      weekStart: "2026-01-12",
      new: 0,
      contacted: 0,
      qualified: 0,
      closed: 1,
    });
    expect(weeks[0]).toEqual({
      weekStart: "2025-11-10",
      new: 1,
      contacted: 0,
      qualified: 0,
      closed: 0,
    });
    const total = weeks.reduce((sum, w) => sum + w.new + w.contacted + w.qualified + w.closed, 0);
    expect(total).toBe(5);

    expect((await enquiriesPerWeek(t.db, 4, now)).map((w) => w.weekStart)).toEqual([
      "2026-01-05",
      "2026-01-12",
      "2026-01-19",
      "2026-01-26",
    ]);
  });
});
