import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/modules/forms/spam-fields";
import type { RequestPageResult } from "~/modules/privacy-requests/request-fields";
import * as dashboardPage from "~/routes/admin/dashboard";
import * as requestsPage from "~/routes/admin/privacy-requests";
import * as requestPage from "~/routes/admin/privacy-requests.$id";
import * as publicPage from "~/routes/public/privacy.requests";
import * as downloadRoute from "~/routes/public/privacy.requests.download";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 27, the person's rights (decision 0062), through the routes on both dialects: the public
 * page's two posts, the same answer for a known and an unknown address, the download, staff's
 * list and page with their guards (erasure for admins), and overdue requests on the dashboard.
 */

describe.each(DIALECTS)("privacy requests through the routes (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;
  let address = 0;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
    admin = await h.staff("admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A post from its own client address, so that the tests' rate limits stay apart. */
  async function post(fields: Record<string, string>) {
    address += 1;
    const request = h.post("/privacy/requests", fields);
    return h.action<RequestPageResult>(publicPage, request, {
      context: h.context({ address: `203.0.113.${address}` }),
    });
  }

  const start = (email: string, fields: Record<string, string> = {}) =>
    post({
      step: "start",
      [FORM_TOKEN_FIELD]: issueFormToken(TEST_AUTH_SECRET, Date.now() - 20_000),
      [HONEYPOT_FIELD]: "",
      email,
      kind: "access",
      details: "",
      nomineeName: "",
      nomineeEmail: "",
      ...fields,
    });

  async function codeOf(email: string) {
    const mail = await h.db
      .selectFrom("mailOutbox")
      .select("textBody")
      .where("toAddress", "=", email)
      .where("kind", "=", "privacy_request_code")
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return /Your code is (\d{6})/.exec(mail.textBody)?.[1] ?? "";
  }

  async function verified(email: string, fields: Record<string, string> = {}) {
    const started = await start(email, fields);
    const request = (started.data as { request: string }).request;
    const done = await post({
      step: "verify",
      request,
      kind: fields.kind ?? "access",
      code: await codeOf(email),
      website: "",
    });
    return { request, done };
  }

  it("answers a known and an unknown address with the same words and status", async () => {
    await insertEnquiry(h.db, { email: "known@example.in" });
    const known = await start("known@example.in");
    const unknown = await start("stranger@example.in");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const shape = (out: typeof known) => ({ ...out.data, request: "id" });
    expect(shape(known)).toEqual(shape(unknown));
    expect(known.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("refuses a post from another site", async () => {
    const out = await h.action(
      publicPage,
      h.post("/privacy/requests", { step: "start" }, { origin: "https://evil.example" }),
    );
    expect(out.status).toBe(403);
  });

  it("gives the download for the right code, as JSON and as PDF, and nothing for a bad link", async () => {
    await insertEnquiry(h.db, { email: "reader@example.in", company: "Acme Steel" });
    const { done } = await verified("reader@example.in");
    expect(done.data).toMatchObject({ step: "done", kind: "access" });
    const token = (done.data as { download: string }).download;
    const json = await h.loader(
      downloadRoute,
      h.get(`/privacy/requests/download?${new URLSearchParams({ t: token, format: "json" })}`),
    );
    expect(json.status).toBe(200);
    expect(json.headers.get("Content-Disposition")).toContain("your-data.json");
    expect(JSON.stringify(json.data)).toContain("Acme Steel");
    const pdf = await h.loader(
      downloadRoute,
      h.get(`/privacy/requests/download?${new URLSearchParams({ t: token, format: "pdf" })}`),
    );
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bad = await h.loader(downloadRoute, h.get("/privacy/requests/download?t=nope.x"));
    expect(bad.status).toBe(404);
  });

  it("shows staff the request with its due date; an editor completes, only an admin erases", async () => {
    const email = "leaving@example.in";
    await insertEnquiry(h.db, { email });
    const { request, done } = await verified(email, { kind: "erase" });
    expect(done.data).toMatchObject({ step: "done", kind: "erase" });

    const anonymous = await h.loader(requestsPage, h.get("/admin/privacy-requests"));
    expect(anonymous.thrown).toBe(true);
    const list = await h.loader<{ requests: { items: { id: string; dueAt: string }[] } }>(
      requestsPage,
      h.get("/admin/privacy-requests", { cookie: editor.cookie }),
    );
    expect(list.data.requests.items.map((r) => r.id)).toContain(request);

    const refusedByEditor = await h.action(
      requestPage,
      h.post(
        `/admin/privacy-requests/${request}`,
        { intent: "erase", confirm: "on" },
        { cookie: editor.cookie },
      ),
      { params: { id: request } },
    );
    expect(refusedByEditor.status).toBe(403);

    const unticked = await h.action<{ errors: Record<string, string> }>(
      requestPage,
      h.post(`/admin/privacy-requests/${request}`, { intent: "erase" }, { cookie: admin.cookie }),
      { params: { id: request } },
    );
    expect(unticked.status).toBe(400);
    expect(unticked.data.errors.confirm).toBe("Tick the box to confirm the erasure");

    const erased = await h.action<{ ok: boolean }>(
      requestPage,
      h.post(
        `/admin/privacy-requests/${request}`,
        { intent: "erase", confirm: "on" },
        { cookie: admin.cookie },
      ),
      { params: { id: request } },
    );
    expect(erased.data.ok).toBe(true);
    const left = await h.db
      .selectFrom("enquiries")
      .select("id")
      .where("email", "=", email)
      .execute();
    expect(left).toEqual([]);
    const page = await h.loader<{ request: { status: string; outcome: string } }>(
      requestPage,
      h.get(`/admin/privacy-requests/${request}`, { cookie: editor.cookie }),
      { params: { id: request } },
    );
    expect(page.data.request.status).toBe("completed");
    expect(page.data.request.outcome).toContain("1 enquiry");
  });

  it("asks staff for what was done before completing, and lists overdue requests on the dashboard", async () => {
    const { request } = await verified("fix.me@example.in", {
      kind: "correct",
      details: "My company is Acme, not Acne",
    });
    const empty = await h.action<{ errors: Record<string, string> }>(
      requestPage,
      h.post(
        `/admin/privacy-requests/${request}`,
        { intent: "complete", outcome: " " },
        { cookie: editor.cookie },
      ),
      { params: { id: request } },
    );
    expect(empty.status).toBe(400);
    expect(empty.data.errors.outcome).toBe("Say what was done");
    // Made overdue: confirmed 31 days ago.
    await h.db
      .updateTable("privacyRequests")
      .set({ dueAt: new Date(Date.now() - 86_400_000).toISOString() })
      .where("id", "=", request)
      .execute();
    const dashboard = await h.loader<{
      overdueRequests: { count: number; items: { id: string }[] };
    }>(dashboardPage, h.get("/admin/dashboard", { cookie: editor.cookie }));
    expect(dashboard.data.overdueRequests.items.map((r) => r.id)).toContain(request);
    const completed = await h.action<{ ok: boolean }>(
      requestPage,
      h.post(
        `/admin/privacy-requests/${request}`,
        { intent: "complete", outcome: "Your company now reads Acme." },
        { cookie: editor.cookie },
      ),
      { params: { id: request } },
    );
    expect(completed.data.ok).toBe(true);
    const after = await h.loader<{ overdueRequests: { items: { id: string }[] } }>(
      dashboardPage,
      h.get("/admin/dashboard", { cookie: editor.cookie }),
    );
    expect(after.data.overdueRequests.items.map((r) => r.id)).not.toContain(request);
  });
});
