import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { numberedEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import { recordConsent } from "~/modules/privacy/consent-ledger.server";
import * as consentsPage from "~/routes/admin/consents";
import * as enquiryPage from "~/routes/admin/enquiries.$id";
import * as privacyPage from "~/routes/public/privacy";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 27 (decision 0061): an enquiry's page carries its address's consents, a withdrawal
 * included; the ledger list filters by address, purpose and action, on both dialects.
 */

type Row = { purpose: string; action: string; words: string; email: string };

describe.each(DIALECTS)("consents in the admin (%s)", (dialect) => {
  let h: RouteHarness;
  let staff: SignedInStaff;
  const enquiry = numberedEnquiry(1);

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    staff = await h.staff("editor");
    await h.db.insertInto("enquiries").values(enquiry).execute();
    await h.db.transaction().execute(async (trx) => {
      const base = { email: enquiry.email, form: "contact", noticeVersion: 1 };
      await recordConsent(trx, {
        ...base,
        purpose: "enquiry",
        action: "given",
        words: "Notice words",
        record: { type: "enquiry", id: enquiry.id },
        at: "2026-11-20T10:00:00.000Z",
      });
      await recordConsent(trx, {
        ...base,
        purpose: "enquiry",
        action: "withdrawn",
        form: "withdraw-page",
        words: "Withdraw my consent",
        at: "2026-11-21T10:00:00.000Z",
      });
      await recordConsent(trx, {
        ...base,
        email: "other@example.in",
        purpose: "newsletter",
        action: "given",
        words: "Send me the newsletter",
        at: "2026-11-22T10:00:00.000Z",
      });
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("shows the enquiry's consents on its page, the withdrawal included", async () => {
    const out = await h.loader<{ consents: Row[] }>(
      enquiryPage,
      h.get(`/admin/enquiries/${enquiry.id}`, { cookie: staff.cookie }),
      { params: { id: enquiry.id } },
    );
    expect(out.data.consents.map((r) => [r.purpose, r.action, r.words])).toEqual([
      ["enquiry", "given", "Notice words"],
      ["enquiry", "withdrawn", "Withdraw my consent"],
    ]);
  });

  it("sends /privacy's notice with its placeholders filled, never the placeholders", async () => {
    const out = await h.loader(privacyPage, h.get("/privacy"), {
      context: await h.publicContext(),
    });
    const sent = JSON.stringify(out.data);
    expect(sent).toContain("Total Rewards Consulting");
    expect(sent).not.toMatch(/\{(siteName|email|phone|privacyEmail|applicationRetention)\}/);
  });

  it("filters the ledger by address, purpose and action", async () => {
    const list = async (query: string) =>
      (
        await h.loader<{ rows: Row[] }>(
          consentsPage,
          h.get(`/admin/consents?${query}`, { cookie: staff.cookie }),
        )
      ).data.rows.map((r) => `${r.email} ${r.purpose} ${r.action}`);
    expect(await list("")).toHaveLength(3);
    expect(await list("purpose=newsletter")).toEqual(["other@example.in newsletter given"]);
    expect(await list(`q=${encodeURIComponent(enquiry.email)}&action=withdrawn`)).toEqual([
      `${enquiry.email.toLowerCase()} enquiry withdrawn`,
    ]);
    expect(await list("from=2026-11-22&to=2026-11-22")).toEqual([
      "other@example.in newsletter given",
    ]);
    expect(await list("purpose=bogus&action=nonsense")).toHaveLength(3);
  });
});
