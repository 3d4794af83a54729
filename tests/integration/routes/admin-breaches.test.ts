import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcToIstLocal } from "~/modules/versions/ist";
import * as breachesPage from "~/routes/admin/breaches";
import * as breachPage from "~/routes/admin/breaches.$id";
import * as dashboard from "~/routes/admin/dashboard";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 27 (decision 0063): any staff member records a breach and its people; only an admin
 * approves the notice (then it is in the outbox, once per person) and records the Board's report;
 * the dashboard shows the 72-hour clock until then.
 */

const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)("the breach register (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;
  let id = "";
  // Found five hours ago: the report is due in 67 hours.
  const found = new Date(Date.now() - 5 * HOUR - 60_000);
  const record = {
    title: "Laptop with the CV folder stolen",
    discoveredAt: utcToIstLocal(found.toISOString()),
    occurredAt: "",
    whatHappened: "A staff laptop holding 3 CVs was stolen from a car in Pune.",
    dataAffected: "Names, e-mail addresses, phone numbers and CVs.",
    whoAffected: "Candidates for the analyst role.",
    consequences: "",
    mitigation: "The laptop's disk is encrypted; its sign-ins were revoked.",
    safetySteps: "",
    causes: "",
    causedBy: "",
    prevention: "",
  };

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
    admin = await h.staff("admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  const breachMails = () =>
    h.db
      .selectFrom("mailOutbox")
      .select(["toAddress", "subject"])
      .where("kind", "=", "breach_notice")
      .orderBy("toAddress")
      .execute();

  it("refuses a record without its essentials, one message a field, keeping what was typed", async () => {
    const out = await h.action<{ errors: Record<string, string>; values: Record<string, string> }>(
      breachesPage,
      h.post(
        "/admin/breaches",
        { ...record, discoveredAt: "", whatHappened: "" },
        {
          cookie: editor.cookie,
        },
      ),
    );
    expect(out.status).toBe(400);
    expect(out.data.errors).toMatchObject({
      discoveredAt: "Enter when the firm found out (IST): the 72 hours run from then",
      whatHappened: "Describe what happened: its nature, extent and where",
    });
    expect(out.data.values.title).toBe(record.title);
  });

  it("lets an editor record a breach and its people; the dashboard shows the clock", async () => {
    const out = await h.action(
      breachesPage,
      h.post("/admin/breaches", record, { cookie: editor.cookie }),
    );
    expect(out.status).toBe(302);
    id = out.location.replace("/admin/breaches/", "");
    const added = await h.action<{ message: string }>(
      breachPage,
      h.post(
        `/admin/breaches/${id}`,
        { intent: "add-people", people: "kavya@example.in\nRohan Mehta <rohan@example.in>" },
        { cookie: editor.cookie },
      ),
      { params: { id } },
    );
    expect(added.data.message).toBe("Added 2 people.");

    const board = await h.loader<{ breachClocks: { title: string; hoursLeft: number }[] }>(
      dashboard,
      h.get("/admin/dashboard", { cookie: editor.cookie }),
    );
    expect(board.data.breachClocks).toEqual([
      expect.objectContaining({ title: record.title, hoursLeft: 66 }),
    ]);
  });

  it("lets only an admin approve the notice; then it is in the outbox, once per person", async () => {
    const refused = await h.action(
      breachPage,
      h.post(`/admin/breaches/${id}`, { intent: "approve" }, { cookie: editor.cookie }),
      { params: { id } },
    );
    expect(refused.status).toBe(403);
    expect(await breachMails()).toEqual([]);

    const page = await h.loader<{ notice: { subject: string }; isAdmin: boolean; waiting: number }>(
      breachPage,
      h.get(`/admin/breaches/${id}`, { cookie: admin.cookie }),
      { params: { id } },
    );
    expect(page.data).toMatchObject({ isAdmin: true, waiting: 2 });

    const approved = await h.action<{ message: string }>(
      breachPage,
      h.post(`/admin/breaches/${id}`, { intent: "approve" }, { cookie: admin.cookie }),
      { params: { id } },
    );
    expect(approved.data.message).toBe("Notice approved: sent to 2 people.");
    const again = await h.action<{ message: string }>(
      breachPage,
      h.post(`/admin/breaches/${id}`, { intent: "approve" }, { cookie: admin.cookie }),
      { params: { id } },
    );
    expect(again.status).toBe(400);
    expect(await breachMails()).toEqual([
      { toAddress: "kavya@example.in", subject: page.data.notice.subject },
      { toAddress: "rohan@example.in", subject: page.data.notice.subject },
    ]);
  });

  it("stops the clock once an admin records the Board's report", async () => {
    const refused = await h.action(
      breachPage,
      h.post(`/admin/breaches/${id}`, { intent: "reported" }, { cookie: editor.cookie }),
      { params: { id } },
    );
    expect(refused.status).toBe(403);
    const page = await h.loader<{ report: string }>(
      breachPage,
      h.get(`/admin/breaches/${id}`, { cookie: editor.cookie }),
      { params: { id } },
    );
    expect(page.data.report).toContain(
      "(vi) Intimations to the people affected: 2 of the 2 people known to be affected were sent a notice",
    );
    await h.action(
      breachPage,
      h.post(`/admin/breaches/${id}`, { intent: "reported" }, { cookie: admin.cookie }),
      { params: { id } },
    );
    const board = await h.loader<{ breachClocks: unknown[] }>(
      dashboard,
      h.get("/admin/dashboard", { cookie: editor.cookie }),
    );
    expect(board.data.breachClocks).toEqual([]);
  });

  it("answers 404 for a breach that does not exist", async () => {
    const out = await h.loader(
      breachPage,
      h.get("/admin/breaches/breach_none", { cookie: editor.cookie }),
      { params: { id: "breach_none" } },
    );
    expect(out.status).toBe(404);
  });
});
