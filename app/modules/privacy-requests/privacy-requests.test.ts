import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { insertEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/modules/forms/spam-fields";
import { seedDefaults } from "~/modules/seed.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { auditEntries, staffAccount } from "../../../tests/support/write-path";
import { gatherPersonalData } from "./personal-data.server";
import { personalDataPdf } from "./personal-data-pdf.server";
import {
  getPrivacyRequest,
  listPrivacyRequests,
  overduePrivacyRequests,
  RESPONSE_DAYS,
} from "./privacy-requests.server";
import { closeRequest, eraseForRequest, startRequestWork } from "./request-commands.server";
import { accessDownload } from "./request-download.server";
import { REQUEST_MESSAGES, type RequestPageResult } from "./request-fields";
import { startPrivacyRequest } from "./request-submission.server";
import { verifyPrivacyRequest } from "./request-verify.server";

/*
 * Issue 27, the person's rights (decision 0062), on both dialects: the two steps through the
 * public form pipeline, the same answer for a known and an unknown address, the code's limits,
 * the access download, staff's steps and the erasure through the existing erase path.
 */

const SECRET = "test-secret-of-at-least-thirty-two-characters";
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse("2026-11-26T10:00:00.000Z");

let clientCounter = 0;
function context(now = T0) {
  clientCounter += 1;
  return {
    secret: SECRET,
    // A client address per call: each test counts its own rate limits.
    clientAddress: `198.51.100.${clientCounter % 250}`,
    baseUrl: "https://site.test",
    now,
  };
}

function startFields(fields: Record<string, string>, now = T0) {
  return new URLSearchParams({
    step: "start",
    [FORM_TOKEN_FIELD]: issueFormToken(SECRET, now - 20_000),
    [HONEYPOT_FIELD]: "",
    kind: "access",
    details: "",
    nomineeName: "",
    nomineeEmail: "",
    ...fields,
  });
}

const codeFields = (request: string, code: string) =>
  new URLSearchParams({ step: "verify", request, code, website: "" });

describe.each(DIALECTS)("privacy requests on %s", (dialect) => {
  let t: TestDatabase;
  let admin: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    admin = await staffAccount(t.db, { username: "meera", role: "admin" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const codeMailsTo = (email: string) =>
    t.db
      .selectFrom("mailOutbox")
      .select(["textBody", "subject", "kind"])
      .where("toAddress", "=", email)
      .where("kind", "=", "privacy_request_code")
      .orderBy("createdAt")
      .orderBy("id")
      .execute();

  async function started(email: string, fields: Record<string, string> = {}, now = T0) {
    const out = await startPrivacyRequest(
      t.db,
      startFields({ email, ...fields }, now),
      context(now),
    );
    expect(out.result.step).toBe("code");
    const request = (out.result as Extract<RequestPageResult, { step: "code" }>).request;
    const mails = await codeMailsTo(email);
    const code = /Your code is (\d{6})/.exec(mails.at(-1)?.textBody ?? "")?.[1] ?? "";
    return { out, request, code };
  }

  it("answers a known and an unknown address alike, and mails each a code", async () => {
    await insertEnquiry(t.db, { email: "known@example.in" });
    const known = await started("known@example.in");
    const unknown = await started("nobody@example.in");
    expect(known.out.httpStatus).toBe(unknown.out.httpStatus);
    expect(Object.keys(known.out.result).sort()).toEqual(Object.keys(unknown.out.result).sort());
    expect(known.code).toMatch(/^\d{6}$/);
    expect(unknown.code).toMatch(/^\d{6}$/);
    // The code is kept only as a hash.
    const row = await t.db
      .selectFrom("privacyRequests")
      .selectAll()
      .where("id", "=", known.request)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("unverified");
    expect(row.codeHash).not.toContain(known.code);
  });

  it("asks what a correction or a nomination needs, per field", async () => {
    const out = await startPrivacyRequest(
      t.db,
      startFields({ email: "asha@example.in", kind: "nominate" }),
      context(),
    );
    expect(out.httpStatus).toBe(400);
    expect(out.result).toMatchObject({
      step: "start",
      fieldErrors: {
        nomineeName: "Nominee's name is required",
        nomineeEmail: "Nominee's email is required",
      },
    });
    const correction = await startPrivacyRequest(
      t.db,
      startFields({ email: "not-an-address", kind: "correct" }),
      context(),
    );
    expect(correction.result).toMatchObject({
      fieldErrors: {
        email: "Enter a valid email address",
        details: "Tell us what is wrong and what it should say",
      },
    });
  });

  it("gives an access request its download for the right code, and counts wrong ones", async () => {
    await insertEnquiry(t.db, { email: "ravi@example.in", message: "About our pay bands" });
    const { request, code } = await started("ravi@example.in");
    const wrong = await verifyPrivacyRequest(
      t.db,
      codeFields(request, code === "000000" ? "111111" : "000000"),
      context(),
    );
    expect(wrong.result).toMatchObject({ step: "code", formError: REQUEST_MESSAGES.wrongCode });
    const right = await verifyPrivacyRequest(t.db, codeFields(request, code), context(T0 + 60_000));
    expect(right.result).toMatchObject({ step: "done", kind: "access" });
    const token = (right.result as { download?: string }).download ?? "";
    const json = await accessDownload(t.db, {
      secret: SECRET,
      token,
      format: "json",
      now: T0 + 120_000,
    });
    expect(json.ok).toBe(true);
    const report = JSON.parse(new TextDecoder().decode(json.ok ? json.body : undefined));
    const enquiries = report.sections.find(
      (s: { title: string }) => s.title === "Enquiries and requests",
    );
    expect(enquiries.records[0].message).toBe("About our pay bands");
    expect(JSON.stringify(report)).not.toMatch(/codeHash|"token"/);
    const pdf = await accessDownload(t.db, {
      secret: SECRET,
      token,
      format: "pdf",
      now: T0 + 120_000,
    });
    expect(pdf.ok && Buffer.from(pdf.body).subarray(0, 5).toString()).toBe("%PDF-");
    // A day later, or changed, the link gives nothing.
    expect(
      (await accessDownload(t.db, { secret: SECRET, token, format: "json", now: T0 + 2 * DAY })).ok,
    ).toBe(false);
    expect(
      (await accessDownload(t.db, { secret: SECRET, token: `${token}x`, format: "json", now: T0 }))
        .ok,
    ).toBe(false);
    const stored = await getPrivacyRequest(t.db, request);
    expect(stored).toMatchObject({ status: "completed", kind: "access" });
    const audit = (await auditEntries(t.db)).filter((e) => e.entityId === request);
    expect(audit.map((e) => e.action)).toEqual(["verify", "download", "download"]);
  });

  it("ends a code after five wrong tries or 30 minutes", async () => {
    const { request, code } = await started("tries@example.in", { kind: "erase" });
    const wrongCode = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 4; i++) {
      const out = await verifyPrivacyRequest(t.db, codeFields(request, wrongCode), context());
      expect(out.result.step).toBe("code");
    }
    const fifth = await verifyPrivacyRequest(t.db, codeFields(request, wrongCode), context());
    expect(fifth.result).toEqual({ step: "dead", formError: REQUEST_MESSAGES.codeDead });
    const late = await verifyPrivacyRequest(t.db, codeFields(request, code), context());
    expect(late.result.step).toBe("dead");
    const other = await started("late@example.in", { kind: "erase" });
    const expired = await verifyPrivacyRequest(
      t.db,
      codeFields(other.request, other.code),
      context(T0 + 31 * 60 * 1000),
    );
    expect(expired.result.step).toBe("dead");
  });

  it("mails one address at most three codes an hour, with the same answer", async () => {
    const email = "flooded@example.in";
    for (let i = 0; i < 3; i++) await started(email, {}, T0 + i);
    const fourth = await startPrivacyRequest(
      t.db,
      startFields({ email }, T0 + 10),
      context(T0 + 10),
    );
    expect(fourth.result.step).toBe("code");
    expect(fourth.queuedMail).toBe(false);
    expect(await codeMailsTo(email)).toHaveLength(3);
  });

  describe("staff", () => {
    beforeEach(async () => {
      await t.db.deleteFrom("privacyRequests").where("status", "!=", "unverified").execute();
    });

    it("see a request's due date, start it, complete it and the person is told", async () => {
      const { request, code } = await started("nominee.giver@example.in", {
        kind: "nominate",
        nomineeName: "Kiran Rao",
        nomineeEmail: "Kiran@Example.in",
      });
      await verifyPrivacyRequest(t.db, codeFields(request, code), context());
      const open = await getPrivacyRequest(t.db, request, new Date(T0));
      expect(open).toMatchObject({ status: "received", nomineeEmail: "kiran@example.in" });
      expect(Date.parse(open?.dueAt ?? "") - T0).toBe(RESPONSE_DAYS * DAY);
      expect(await startRequestWork(t.db, admin, request, { baseUrl: "https://site.test" })).toBe(
        "done",
      );
      const closed = await closeRequest(
        t.db,
        admin,
        { id: request, status: "completed", outcome: "Kiran Rao is recorded as your nominee." },
        { baseUrl: "https://site.test" },
      );
      expect(closed).toBe("done");
      expect(
        await closeRequest(
          t.db,
          admin,
          { id: request, status: "refused", outcome: "x" },
          { baseUrl: "" },
        ),
      ).toBe("closed");
      const told = await t.db
        .selectFrom("mailOutbox")
        .select(["subject", "textBody"])
        .where("kind", "=", "privacy_request_closed")
        .where("toAddress", "=", "nominee.giver@example.in")
        .execute();
      expect(told).toHaveLength(1);
      expect(told[0]?.textBody).toContain("Kiran Rao is recorded as your nominee.");
      const audit = (await auditEntries(t.db)).filter((e) => e.entityId === request);
      expect(audit.map((e) => [e.action, e.actorName])).toEqual([
        ["verify", "Website visitor"],
        ["status", admin.name],
        ["complete", admin.name],
      ]);
    });

    it("erase through the existing erase path, in one step with the request", async () => {
      const email = "erase.me@example.in";
      await insertEnquiry(t.db, { email });
      await insertEnquiry(t.db, { email: "Erase.Me@Example.in" });
      const { request, code } = await started(email, { kind: "erase" });
      await verifyPrivacyRequest(t.db, codeFields(request, code), context());
      expect(await eraseForRequest(t.db, admin, request, { baseUrl: "https://site.test" })).toBe(
        "done",
      );
      const left = await t.db
        .selectFrom("enquiries")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
        .execute();
      expect(left).toEqual([]);
      const done = await getPrivacyRequest(t.db, request);
      expect(done?.status).toBe("completed");
      expect(done?.outcome).toContain("2 enquiries");
      const audit = await auditEntries(t.db);
      expect(audit.some((e) => e.action === "erase" && e.entityType === "person")).toBe(true);
      expect(audit.at(-1)).toMatchObject({ action: "complete", entityId: request });
      // The person is told after the erasure (which removes the earlier mails to the address).
      const mails = await t.db
        .selectFrom("mailOutbox")
        .select("kind")
        .where("toAddress", "=", email)
        .execute();
      expect(mails.map((m) => m.kind)).toEqual(["privacy_request_closed"]);
      expect(await eraseForRequest(t.db, admin, request, { baseUrl: "" })).toBe("closed");
    });

    it("list open requests soonest due first and count the overdue ones", async () => {
      const first = await started("first@example.in", {
        kind: "correct",
        details: "My name is Asha",
      });
      await verifyPrivacyRequest(t.db, codeFields(first.request, first.code), context(T0));
      const second = await started("second@example.in", { kind: "erase" }, T0 + DAY);
      await verifyPrivacyRequest(t.db, codeFields(second.request, second.code), context(T0 + DAY));
      const open = await listPrivacyRequests(t.db, { filter: "open", now: new Date(T0 + DAY) });
      expect(open.items.map((r) => r.email)).toEqual(["first@example.in", "second@example.in"]);
      const later = new Date(T0 + (RESPONSE_DAYS + 0.5) * DAY);
      const overdue = await overduePrivacyRequests(t.db, later);
      expect(overdue.count).toBe(1);
      expect(overdue.items[0]).toMatchObject({ email: "first@example.in", overdue: true });
      // Unverified requests are never listed.
      await started("never@example.in");
      const all = await listPrivacyRequests(t.db, { filter: "all", now: later });
      expect(all.items.map((r) => r.email)).not.toContain("never@example.in");
    });
  });

  it("gathers a person's records into a PDF that reads", async () => {
    await insertEnquiry(t.db, { email: "pdf@example.in", message: "Hello" });
    const report = await gatherPersonalData(t.db, { email: "pdf@example.in", siteName: "Firm" });
    const pdf = await personalDataPdf(report);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    expect(report.sections.find((s) => s.title === "Enquiries and requests")?.records).toHaveLength(
      1,
    );
  });
});
