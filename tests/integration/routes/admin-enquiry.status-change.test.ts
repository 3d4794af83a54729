import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { numberedEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import * as enquiryPage from "~/routes/admin/enquiries.$id";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * The enquiry page's "Last status change" (issue 12, item 10): who changed the status last and
 * when, read by the page's loader after its action changed the status, on both dialects.
 */

type Detail = {
  detail: {
    enquiry: { status: string };
    history: { by: string; at: string }[];
    lastStatusChange: { by: string; at: string } | null;
  };
};

describe.each(DIALECTS)("the enquiry page's last status change (%s)", (dialect) => {
  let h: RouteHarness;
  let first: SignedInStaff;
  let second: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    first = await h.staff("editor");
    second = await h.staff("admin");
    await h.db
      .insertInto("enquiries")
      .values([numberedEnquiry(1), numberedEnquiry(2, { status: "closed" })])
      .execute();
  });
  afterAll(async () => {
    await h?.close();
  });

  const open = async (id: string, staff: SignedInStaff) =>
    (
      await h.loader<Detail>(
        enquiryPage,
        h.get(`/admin/enquiries/${id}`, { cookie: staff.cookie }),
        {
          params: { id },
        },
      )
    ).data.detail;
  const setStatus = (id: string, status: string, staff: SignedInStaff) =>
    h.action(
      enquiryPage,
      h.post(`/admin/enquiries/${id}`, { intent: "status", status }, { cookie: staff.cookie }),
      { params: { id } },
    );

  it("is empty for an enquiry whose status never changed", async () => {
    expect((await open("enq_t_001", first)).lastStatusChange).toBeNull();
  });

  it("names whoever changed the status last, with the time of that change", async () => {
    expect((await setStatus("enq_t_001", "contacted", first)).data).toMatchObject({
      message: "Status changed to Contacted.",
    });
    const afterFirst = await open("enq_t_001", second);
    expect(afterFirst.lastStatusChange).toEqual({
      by: first.username,
      at: afterFirst.history[0]?.at,
    });

    await setStatus("enq_t_001", "qualified", second);
    // Saving the status it already has is no change: the last change stays the second one.
    await setStatus("enq_t_001", "qualified", first);
    const detail = await open("enq_t_001", first);
    expect(detail.enquiry.status).toBe("qualified");
    expect(detail.history).toHaveLength(2);
    expect(detail.lastStatusChange).toEqual({ by: second.username, at: detail.history[1]?.at });
    expect(Date.parse(detail.lastStatusChange!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("says nothing it does not know for a status set without a recorded change", async () => {
    const detail = await open("enq_t_002", first);
    expect(detail.enquiry.status).toBe("closed");
    expect(detail.lastStatusChange).toBeNull();
  });
});
