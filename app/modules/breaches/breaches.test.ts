import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { affectedInputSchema, breachInputSchema } from "./breach.schema";
import {
  addAffectedPeople,
  approveBreachNotice,
  recordBoardReport,
  recordBreach,
} from "./breach-commands.server";
import { boardReport } from "./breach-texts";
import { firmContactOf, getBreach, listBreaches, openBreachClocks } from "./breaches.server";

/*
 * The breach register (Act s.8(6), Rules 2025 r.7; decision 0063): a breach recorded, its people
 * added, the notice approved and queued once per person, the Board's report text and its
 * 72-hour clock.
 */

const ADMIN = { id: null, name: "Asha Admin" };
const STAFF = { id: null, name: "Ravi Editor" };
const BASE_URL = "https://www.example.in";
const FOUND = "2026-11-01T04:30:00.000Z"; // 10:00 IST

const form = {
  title: "CV folder shared by mistake",
  discoveredAt: "2026-11-01T10:00",
  occurredAt: "2026-10-30T18:15",
  whatHappened: "A link to a folder of 14 CVs was sent to the wrong client.",
  dataAffected: "Names, e-mail addresses, phone numbers and CVs.",
  whoAffected: "Candidates who applied for the analyst role in January.",
  consequences: "Someone outside the firm may have read your CV.",
  mitigation: "The link was switched off within an hour and the client deleted its copy.",
  safetySteps: "Watch for messages that claim to come from us about your application.",
  causes: "A shared link was pasted into the wrong e-mail.",
  causedBy: "A member of staff, by mistake; no one outside acted against us.",
  prevention: "CVs are no longer shared by link.",
};

describe("the breach form", () => {
  it("reads the times in IST, and refuses a missing time and an empty record, field by field", () => {
    const parsed = breachInputSchema.parse(form);
    expect(parsed.discoveredAt).toBe(FOUND);
    expect(parsed.occurredAt).toBe("2026-10-30T12:45:00.000Z");
    const bad = breachInputSchema.safeParse({
      ...form,
      title: " ",
      discoveredAt: "",
      whatHappened: "",
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(
      (bad.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toMatchObject({
      title: "Give the breach a short name",
      discoveredAt: "Enter when the firm found out (IST): the 72 hours run from then",
      whatHappened: "Describe what happened: its nature, extent and where",
    });
    expect(breachInputSchema.safeParse({ ...form, discoveredAt: "2999-01-01T10:00" }).success).toBe(
      false,
    );
  });

  it("reads people one a line, as an address or Name <address>, and names a bad line", () => {
    expect(
      affectedInputSchema.parse({
        people: "kavya@example.in\n\nRohan Mehta <Rohan@Example.in>\nkavya@example.in",
      }).people,
    ).toEqual([
      { email: "kavya@example.in", name: "" },
      { email: "rohan@example.in", name: "Rohan Mehta" },
    ]);
    const bad = affectedInputSchema.safeParse({ people: "kavya@example.in\nnot an address" });
    expect(bad.error?.issues[0]?.message).toBe(
      'Line 2 is not an e-mail address or "Name <address>": not an address',
    );
  });
});

describe.each(DIALECTS)("the breach register on %s", (dialect) => {
  let t: TestDatabase;
  let id = "";
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await saveGeneralSettings(t.db, {
      ...DEFAULT_GENERAL_SETTINGS,
      privacyEmail: "grievance@example.in",
    });
  });
  afterAll(async () => {
    await t.destroy();
  });

  const notices = () =>
    t.db
      .selectFrom("mailOutbox")
      .select(["toAddress", "personEmail", "subject", "textBody", "replyTo"])
      .where("kind", "=", "breach_notice")
      .orderBy("toAddress")
      .execute();

  it("records a breach, shows its 72-hour clock, and adds its people once each", async () => {
    id = await recordBreach(t.db, STAFF, breachInputSchema.parse(form), new Date(FOUND));
    const clocks = await openBreachClocks(t.db, new Date("2026-11-02T04:30:00.000Z"));
    expect(clocks).toEqual([
      {
        id,
        title: form.title,
        discoveredAt: FOUND,
        dueAt: "2026-11-04T04:30:00.000Z",
        hoursLeft: 48,
      },
    ]);
    const late = await openBreachClocks(t.db, new Date("2026-11-04T07:00:00.000Z"));
    expect(late[0]?.hoursLeft).toBe(-3);

    const people = affectedInputSchema.parse({
      people: "kavya@example.in\nRohan Mehta <rohan@example.in>",
    }).people;
    expect(await addAffectedPeople(t.db, STAFF, id, people)).toBe(2);
    expect(await addAffectedPeople(t.db, STAFF, id, people)).toBe(0);
    expect(await addAffectedPeople(t.db, STAFF, "breach_none", people)).toBeUndefined();
    expect(await listBreaches(t.db)).toMatchObject([{ id, affected: 2, notified: 0 }]);
  });

  it("sends nothing before approval; the approval queues one notice per person, once", async () => {
    expect(await notices()).toEqual([]);
    const approve = () =>
      approveBreachNotice(t.db, ADMIN, id, { baseUrl: BASE_URL, now: new Date(FOUND) });
    expect(await approve()).toEqual({ kind: "queued", count: 2 });
    expect(await approve()).toEqual({ kind: "nobody" });
    const sent = await notices();
    expect(sent.map((m) => m.toAddress)).toEqual(["kavya@example.in", "rohan@example.in"]);
    expect(sent[0]).toMatchObject({
      personEmail: "kavya@example.in",
      replyTo: "grievance@example.in",
      subject: "A personal data breach that affects your data (Total Rewards Consulting)",
    });
    // Rule 7(1)(a)-(e): what happened and when, the consequences, the measures, what she can do, whom to ask.
    for (const words of [
      form.whatHappened,
      "It happened on 30 Oct 2026",
      form.consequences,
      form.mitigation,
      form.safetySteps,
      "write to grievance@example.in",
    ]) {
      expect(sent[0]?.textBody).toContain(words);
    }
    const { breach, affected } = (await getBreach(t.db, id)) ?? {};
    expect(breach).toMatchObject({
      noticeApprovedByName: "Asha Admin",
      noticeText: sent[0]?.textBody,
    });
    expect(affected?.every((p) => p.notifiedAt === FOUND)).toBe(true);

    // Someone found later gets the notice at the next approval, and only they.
    await addAffectedPeople(t.db, STAFF, id, [{ email: "late@example.in", name: "" }]);
    expect(await approve()).toEqual({ kind: "queued", count: 1 });
    expect((await notices()).map((m) => m.toAddress)).toEqual([
      "kavya@example.in",
      "late@example.in",
      "rohan@example.in",
    ]);
  });

  it("prepares the Board's report with the six items of r.7(2)(b), and stops the clock once sent", async () => {
    const { breach, affected } = (await getBreach(t.db, id)) ?? {};
    if (!breach || !affected) throw new Error("no breach");
    const settings = { ...DEFAULT_GENERAL_SETTINGS, privacyEmail: "grievance@example.in" };
    const report = boardReport(
      breach,
      { affected: affected.length, notified: 3, approvedAt: breach.noticeApprovedAt },
      firmContactOf(settings),
    );
    expect(report).toContain("Became aware: 1 Nov 2026, 10:00 am IST");
    for (const item of ["(i) ", "(ii) ", "(iii) ", "(iv) ", "(v) ", "(vi) "]) {
      expect(report).toContain(item);
    }
    expect(report).toContain(`(iv) Findings about the person who caused it: ${form.causedBy}`);
    expect(report).toContain("3 of the 3 people known to be affected were sent a notice");

    expect(await recordBoardReport(t.db, ADMIN, id, new Date("2026-11-03T09:00:00.000Z"))).toBe(
      true,
    );
    expect(await openBreachClocks(t.db)).toEqual([]);
    const audit = await t.db
      .selectFrom("auditLog")
      .select(["actorName", "summary"])
      .where("entityType", "=", "breach")
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([
      `Recorded a personal data breach: ${form.title}`,
      `Added 2 people affected by the breach: ${form.title}`,
      `Approved the breach notice and sent it to 2 people: ${form.title}`,
      `Added 1 person affected by the breach: ${form.title}`,
      `Approved the breach notice and sent it to 1 person: ${form.title}`,
      `Recorded the report to the Data Protection Board: ${form.title}`,
    ]);
  });
});
