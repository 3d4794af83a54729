import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { addConsultant } from "~/modules/bookings/consultant-commands.server";
import {
  saveMeetingTypeAs,
  saveRoutingRuleAs,
} from "~/modules/bookings/meeting-type-commands.server";
import { type PackedPickerDay, unpackPickerDays } from "~/modules/bookings/picker-days";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD } from "~/modules/forms/spam-fields";
import * as account from "~/routes/admin/account";
import * as types from "~/routes/admin/bookings.types";
import * as book from "~/routes/public/book";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";

/*
 * Meeting types and routing through the routes (decision 0050), on both dialects: /book lists
 * the types when there are several, answers an unknown type with 404, asks the service first
 * once a routing rule exists, and books the type it showed; admins (only) add types with a
 * message per field; a consultant sets their own meeting room on My account.
 */

interface BookData {
  choosing: boolean;
  askService: boolean;
  type: { slug: string; title: string } | null;
  days: PackedPickerDay[];
}

let nextAddress = 40;
const freshAddress = () => `198.18.7.${nextAddress++}`;

describe.each(DIALECTS)("meeting types through the routes (%s)", (dialect) => {
  let h: RouteHarness;
  let ravi: string;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    await consultantFixture(h.db, { name: "Asha Rao" });
    ravi = (await consultantFixture(h.db, { name: "Ravi Iyer" })).consultant.id;
    const saved = await saveMeetingTypeAs(h.db, SYSTEM_ACTOR, {
      title: "Strategy call",
      slug: "strategy-call",
      description: "",
      lengthMinutes: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: null,
      minimumNoticeHours: null,
      horizonDays: null,
      dailyCap: null,
      feeNote: "",
      active: true,
      sortOrder: 1,
      consultantIds: [],
    });
    if (!saved.ok) throw new Error(saved.error);
  });
  afterAll(async () => {
    await h?.close();
  });

  const open = async (path: string) =>
    h.loader<BookData>(book, h.get(path), { context: await h.publicContext() });

  it("lists the types first, shows a chosen type's times, and 404s an unknown one", async () => {
    const first = await open("/book");
    expect(first.data).toMatchObject({ choosing: true, type: null, days: [] });
    const call = await open("/book?type=strategy-call");
    expect(call.data.type?.title).toBe("Strategy call");
    const slot = unpackPickerDays(call.data.days).flatMap((day) => day.slots)[0];
    expect(slot).toBeDefined();
    expect((await open("/book?type=no-such-type")).status).toBe(404);

    const address = freshAddress();
    const posted = await h.action(
      book,
      h.post(
        "/book?type=strategy-call",
        {
          firstName: "Priya",
          lastName: "Nair",
          email: "priya.types@example.com",
          company: "Lotus Fintech",
          startsAt: slot!.startsAt,
          timeZone: "Asia/Kolkata",
          meetingType: "strategy-call",
          [FORM_TOKEN_FIELD]: issueFormToken(TEST_AUTH_SECRET, Date.now() - 3_200),
        },
        { headers: { "x-client-address": address } },
      ),
      { context: await h.publicContext({ address }) },
    );
    expect(posted.status).toBe(303);
    const stored = await h.db
      .selectFrom("bookings")
      .innerJoin("meetingTypes", "meetingTypes.id", "bookings.meetingTypeId")
      .select(["meetingTypes.slug", "bookings.startsAt", "bookings.endsAt"])
      .where("bookings.visitorEmail", "=", "priya.types@example.com")
      .executeTakeFirstOrThrow();
    expect(stored.slug).toBe("strategy-call");
    expect(Date.parse(stored.endsAt) - Date.parse(stored.startsAt)).toBe(60 * 60_000);
  });

  it("asks the service before the times once a rule exists, then shows the covering times", async () => {
    await saveRoutingRuleAs(h.db, SYSTEM_ACTOR, { service: "equity", consultantIds: [ravi] });
    const asked = await open("/book?type=strategy-call");
    expect(asked.data).toMatchObject({ askService: true, days: [] });
    const answered = await open("/book?type=strategy-call&service=equity");
    expect(answered.data.askService).toBe(false);
    expect(unpackPickerDays(answered.data.days).flatMap((day) => day.slots).length).toBeGreaterThan(
      0,
    );
    await saveRoutingRuleAs(h.db, SYSTEM_ACTOR, { service: "equity", consultantIds: [] });
    expect((await open("/book?type=strategy-call")).data.askService).toBe(false);
  });

  it("lets admins, not editors, add a type, with a message per field", async () => {
    const admin = await h.staff("admin");
    const editor = await h.staff("editor");
    const post = (cookie: string, fields: Record<string, string | string[]>) =>
      h.action<{ errors?: Record<string, string>; message?: string }>(
        types,
        h.post("/admin/bookings/types", fields, { cookie }),
        { context: h.context() },
      );
    const fields = {
      intent: "type",
      title: "Pay review",
      slug: "pay-review",
      lengthMinutes: "45",
      bufferBeforeMinutes: "0",
      sortOrder: "3",
      active: "on",
    };
    expect((await post(editor.cookie, fields)).status).toBe(403);
    const bad = await post(admin.cookie, {
      ...fields,
      slug: "Pay Review",
      lengthMinutes: "7",
      dailyCap: "-1",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toMatchObject({
      slug: "Use lower-case letters, digits and single hyphens, such as strategy-call",
      lengthMinutes: "Length must be at least 15",
      dailyCap: "Daily cap must be at least 1",
    });
    const taken = await post(admin.cookie, { ...fields, slug: "strategy-call" });
    expect(taken.status).toBe(400);
    expect(taken.data.errors).toEqual({ slug: "Another meeting type has this address" });
    const added = await post(admin.cookie, { ...fields, consultantIds: [ravi] });
    expect(added.status).toBe(200);
    const type = await h.db
      .selectFrom("meetingTypes")
      .select(["id", "lengthMinutes"])
      .where("slug", "=", "pay-review")
      .executeTakeFirstOrThrow();
    expect(Number(type.lengthMinutes)).toBe(45);
    const consultants = await h.db
      .selectFrom("meetingTypeConsultants")
      .select("consultantId")
      .where("meetingTypeId", "=", type.id)
      .execute();
    expect(consultants).toEqual([{ consultantId: ravi }]);
  });

  it("lets a consultant set their own meeting room on My account, checked and audited", async () => {
    const editor = await h.staff("editor");
    const page = await h.loader<{ meetingUrl: string | null }>(
      account,
      h.get("/admin/account", { cookie: editor.cookie }),
      { context: h.context() },
    );
    // Not a consultant: no room to set.
    expect(page.data.meetingUrl).toBeNull();
    const added = await addConsultant(h.db, SYSTEM_ACTOR, {
      userId: editor.id,
      displayName: "Editor Consultant",
      dailyLimit: 4,
      active: true,
    });
    if (!added.ok) throw new Error(added.error);
    const set = (meetingUrl: string) =>
      h.action<{ errors?: Record<string, string> }>(
        account,
        h.post("/admin/account", { intent: "meeting-room", meetingUrl }, { cookie: editor.cookie }),
        { context: h.context() },
      );
    const refused = await set("https://evil.example.com/room");
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.data.errors ?? {})).toEqual(["meetingUrl"]);
    const saved = await set("https://meet.google.com/abc-defg-hij");
    expect(saved.status).toBe(200);
    const room = await h.db
      .selectFrom("consultantMeetingRooms")
      .select("url")
      .where("consultantId", "=", added.value.id)
      .executeTakeFirst();
    expect(room?.url).toBe("https://meet.google.com/abc-defg-hij");
    const audit = await h.db
      .selectFrom("auditLog")
      .select(["actorId", "summary"])
      .where("entityId", "=", added.value.id)
      .where("summary", "like", "Set the meeting room%")
      .execute();
    expect(audit).toEqual([
      {
        actorId: editor.id,
        summary: "Set the meeting room of Editor Consultant: https://meet.google.com/abc-defg-hij",
      },
    ]);
  });
});
