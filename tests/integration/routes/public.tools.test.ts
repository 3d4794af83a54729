import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ctcPage from "~/routes/public/tools.ctc-to-in-hand";
import * as pdfRoute from "~/routes/public/tools-pdf";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * The CTC calculator's routes (issue 28): the page's loader reads the inputs from the address
 * (the example without any), the e-mail form's action answers a bad post with messages and no
 * lead, and the PDF route draws the breakdown of the inputs or refuses figures it cannot read.
 */

describe.each(DIALECTS)("the CTC calculator's routes (%s)", (dialect) => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("shows the example without a query, and the address's inputs with one", async () => {
    const plain = await h.loader<{ values: Record<string, string> }>(
      ctcPage,
      h.get("/tools/ctc-to-in-hand"),
      { context: await h.publicContext() },
    );
    expect(plain.data.values).toMatchObject({ ctc: "1500000", state: "KA", gratuity: "yes" });
    const shared = await h.loader<{ values: Record<string, string> }>(
      ctcPage,
      h.get("/tools/ctc-to-in-hand?ctc=2400000&state=MH&metro=1"),
      { context: await h.publicContext() },
    );
    expect(shared.data.values).toMatchObject({ ctc: "2400000", state: "MH", metro: "1", rent: "" });
  });

  it("answers an e-mail request with empty fields with a message per field and stores no lead", async () => {
    const out = await h.action<{ status: string; fieldErrors: Record<string, string> }>(
      ctcPage,
      h.post("/tools/ctc-to-in-hand?ctc=2400000", { query: "ctc=2400000", name: "", email: "" }),
      { context: await h.publicContext() },
    );
    expect(out.status).toBe(400);
    expect(out.data.status).toBe("invalid");
    expect(out.data.fieldErrors).toMatchObject({
      name: "Name is required",
      email: "Email is required",
      company: "Company is required",
    });
    const leads = await h.db
      .selectFrom("enquiries")
      .select("id")
      .where("source", "=", "calculator:ctc-to-in-hand")
      .execute();
    expect(leads).toEqual([]);
  });

  it("draws the PDF of the inputs, and refuses figures it cannot read", async () => {
    const out = await h.loader(
      pdfRoute,
      h.get("/tools/ctc-to-in-hand/breakdown.pdf?ctc=1800000&state=TN"),
      { params: { slug: "ctc-to-in-hand" } },
    );
    expect(out.status).toBe(200);
    expect(out.headers.get("content-type")).toBe("application/pdf");
    expect(out.headers.get("content-disposition")).toContain("ctc-to-in-hand-breakdown.pdf");
    const bytes = Buffer.from(await (out.response as Response).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const bad = await h.loader(pdfRoute, h.get("/tools/ctc-to-in-hand/breakdown.pdf?ctc=abc"), {
      params: { slug: "ctc-to-in-hand" },
    });
    expect(bad.status).toBe(400);
    const unknown = await h.loader(pdfRoute, h.get("/tools/no-such/breakdown.pdf"), {
      params: { slug: "no-such" },
    });
    expect(unknown.status).toBe(404);
  });
});
