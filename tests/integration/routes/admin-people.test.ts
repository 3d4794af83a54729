import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiryRow } from "~/modules/enquiries/enquiry-fixtures";
import { cursorText } from "~/modules/people/people-query";
import { PEOPLE_SEARCH_LIMITS } from "~/modules/people/people-search.server";
import * as people from "~/routes/admin/people";
import * as person from "~/routes/admin/people.$id";
import { renderedText } from "../../support/render-route";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * The people list at scale as staff use it (decision 0065): "Next" carries the next page's place
 * in the list and shows what the page number alone shows; a broad search says that more people
 * match than it lists. A person's page shows the nominee they named (decision 0062).
 */

describe.each(DIALECTS)("the people list (%s)", (dialect) => {
  let h: RouteHarness;
  let staff: SignedInStaff;
  const limits = { ...PEOPLE_SEARCH_LIMITS };

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    staff = await h.staff("editor");
    const now = Date.parse("2026-11-20T10:00:00.000Z");
    await h.db
      .insertInto("enquiries")
      .values(
        Array.from({ length: 30 }, (_, i) =>
          enquiryRow(`people-route-${i}`, {
            firstName: "Kiran",
            lastName: `Rao${i}`,
            fullName: `Kiran Rao${i}`,
            email: `kiran${i}@example.com`,
            company: "Cedar",
            submittedAt: new Date(now - i * 60_000).toISOString(),
            source: "contact",
          }),
        ),
      )
      .execute();
  });
  afterAll(async () => {
    Object.assign(PEOPLE_SEARCH_LIMITS, limits);
    await h.close();
  });

  const load = async (path: string) => {
    const out = await h.loader(people, h.get(path, { cookie: staff.cookie }));
    expect(out.status).toBe(200);
    return out.data as Awaited<ReturnType<typeof people.loader>>;
  };

  it("pages by the Next link's person as by the page number, and ignores a cursor that is not one", async () => {
    const first = await load("/admin/people");
    expect(first.list.pageCount).toBe(2);
    expect(first.list.after).toBeDefined();
    const after = cursorText(first.list.after ?? { lastSeenAt: "", id: "" });
    const next = await load(`/admin/people?page=2&after=${encodeURIComponent(after)}`);
    const byNumber = await load("/admin/people?page=2");
    expect(next.list.items.map((p) => p.id)).toEqual(byNumber.list.items.map((p) => p.id));
    expect(next.list.items).toHaveLength(5);
    expect(renderedText(people, "/admin/people?page=2", next)).toContain("Page 2 of 2");
    const bad = await load("/admin/people?page=2&after=not-a-place");
    expect(bad.list.items.map((p) => p.id)).toEqual(byNumber.list.items.map((p) => p.id));
  });

  it("says when a search matches more people than it lists", async () => {
    Object.assign(PEOPLE_SEARCH_LIMITS, { cap: 5, gather: 12 });
    const data = await load("/admin/people?q=rao");
    expect(data.list).toMatchObject({ total: 5, capped: true });
    expect(renderedText(people, "/admin/people?q=rao", data)).toContain(
      "More than 5 people match: the 5 seen most recently are listed.",
    );
    const few = await load("/admin/people?q=rao2");
    expect(few.list).toMatchObject({ total: 11, capped: false });
    expect(renderedText(people, "/admin/people?q=rao2", few)).toContain("11 people");
  });

  it("shows on a person's page the nominee they named through /privacy/requests, not a refused or unverified one", async () => {
    const address = "kiran0@example.com";
    const { id } = await h.db
      .selectFrom("people")
      .select("id")
      .where("email", "=", address)
      .executeTakeFirstOrThrow();
    const at = "2026-11-21T10:00:00.000Z";
    const request = (key: string, status: string, nomineeName: string) => ({
      id: `nominate-${key}`,
      email: address,
      kind: "nominate",
      details: "",
      nomineeName,
      nomineeEmail: `${key}@example.in`,
      status,
      codeHash: status === "unverified" ? "hash" : null,
      codeExpiresAt: null,
      codeTries: 0,
      createdAt: at,
      verifiedAt: status === "unverified" ? null : at,
      dueAt: status === "unverified" ? null : "2026-12-21T10:00:00.000Z",
      closedAt: status === "completed" || status === "refused" ? at : null,
      outcome: "",
      updatedAt: at,
    });
    const path = `/admin/people/${id}`;
    const before = await h.loader(person, h.get(path, { cookie: staff.cookie }), {
      params: { id },
    });
    expect(renderedText(person, path, before.data)).not.toContain("Nominee");
    await h.db
      .insertInto("privacyRequests")
      .values([
        request("asha", "completed", "Asha Menon"),
        request("ravi", "refused", "Ravi Kumar"),
        request("zoya", "unverified", "Zoya Das"),
      ])
      .execute();
    const out = await h.loader(person, h.get(path, { cookie: staff.cookie }), { params: { id } });
    expect(out.status).toBe(200);
    const text = renderedText(person, path, out.data);
    expect(text).toContain("Nominee");
    expect(text.replace(/\s+/g, " ")).toMatch(
      /Nominee Asha Menon \( ?asha@example\.in ?\) · Completed ?, asked 21 Nov 2026/,
    );
    expect(text).not.toContain("Ravi Kumar");
    expect(text).not.toContain("Zoya Das");
  });
});
