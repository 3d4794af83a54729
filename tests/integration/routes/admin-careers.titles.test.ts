import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as careersAdmin from "~/routes/admin/careers";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
  typedValue,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * A posting's title becomes its address (/careers/<slug>): the careers manager refuses a title
 * that would give no readable address, and gives titles that share a slug numbered addresses.
 */

describe.each(DIALECTS)("career titles in the careers manager (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
  });
  afterAll(async () => {
    await h?.close();
  });

  const posting = {
    department: "Consulting",
    location: "New Delhi",
    type: "Full-time",
    experience: "",
    salary: "",
    description: "Advise growing firms on pay and benefits.",
    requirements: "",
    responsibilities: "",
    benefits: "",
    status: "active",
  };
  const save = (title: string) =>
    h.action(
      careersAdmin,
      h.post("/admin/careers", { ...posting, title }, { cookie: editor.cookie }),
    );
  const ids = async () =>
    (
      await h.loader<{ careers: { id: string }[] }>(
        careersAdmin,
        h.get("/admin/careers", { cookie: editor.cookie }),
      )
    ).data.careers
      .map((career) => career.id)
      .sort();

  it("refuses a title without letters or digits, with the message on the title field", async () => {
    const out = await save("!!!");
    expect(out.status).toBe(400);
    expect(fieldMessage(out.data, "title")).toBe(
      "Title must contain letters or digits (A-Z, 0-9).",
    );
    expect(typedValue(out.data, "title")).toBe("!!!");
    expect(await ids()).toEqual([]);
  });

  it("numbers the addresses of postings whose titles share a slug", async () => {
    for (const title of ["Senior Consultant", "Senior Consultant!", "senior  consultant"]) {
      expect((await save(title)).data).toMatchObject({
        message: "Career posting added successfully!",
      });
    }
    expect(await ids()).toEqual([
      "senior-consultant",
      "senior-consultant-2",
      "senior-consultant-3",
    ]);
  });
});
