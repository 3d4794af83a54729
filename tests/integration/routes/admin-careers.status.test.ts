import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import * as careersAdmin from "~/routes/admin/careers";
import * as career from "~/routes/public/career";
import { renderedText } from "../../support/render-route";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 24: a posting's card on the Careers page has the step its status offers: Publish for a
 * draft, Close for an active posting, Reopen for a closed one. Each is a plain form post through
 * the posting's command, which raises the content version so the public pages follow at once.
 */

describe.each(DIALECTS)("publishing a job posting from its card (%s)", (dialect) => {
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
    title: "Rewards Analyst",
    department: "Analytics",
    location: "Bengaluru",
    type: "Full-time",
    description: "Benchmark pay for growing companies.",
    status: "draft",
  };
  const post = (fields: Record<string, string>) =>
    h.action<{ message: string }>(
      careersAdmin,
      h.post("/admin/careers", fields, { cookie: editor.cookie }),
    );
  const setStatus = (id: string, status: string) => post({ intent: "status", id, status });
  const adminPage = async () => {
    const out = await h.loader(careersAdmin, h.get("/admin/careers", { cookie: editor.cookie }));
    return renderedText(careersAdmin, "/admin/careers", out.data);
  };
  const publicStatus = async (id: string) =>
    (
      await h.loader(career, h.get(`/careers/${id}`), {
        params: { id },
        context: await h.publicContext(),
      })
    ).status;
  /** How much the content version rose while `act` ran. */
  const versionRise = async (act: () => Promise<unknown>) => {
    const before = await readContentVersion(h.db);
    await act();
    return (await readContentVersion(h.db)) - before;
  };

  it("publishes a draft with its card's Publish button, then closes and reopens it", async () => {
    await post({ intent: "save", ...posting });
    const id = "rewards-analyst";
    expect(await adminPage()).toContain("Publish Rewards Analyst");
    expect(await publicStatus(id)).toBe(404);

    let answer: Awaited<ReturnType<typeof post>> | undefined;
    expect(await versionRise(async () => (answer = await setStatus(id, "active")))).toBe(1);
    expect(answer?.data.message).toBe(
      "Career posting published: it shows on the Careers page and takes applications.",
    );
    expect(await publicStatus(id)).toBe(200);
    expect(await adminPage()).toContain("Close Rewards Analyst");

    expect(await versionRise(async () => (answer = await setStatus(id, "closed")))).toBe(1);
    expect(answer?.data.message).toBe(
      "Career posting closed: it no longer takes applications and leaves the Careers page.",
    );
    expect(await adminPage()).toContain("Reopen Rewards Analyst");

    expect(await versionRise(async () => (answer = await setStatus(id, "active")))).toBe(1);
    expect(answer?.data.message).toBe(
      "Career posting reopened: it shows on the Careers page and takes applications again.",
    );
    expect((await setStatus(id, "active")).data.message).toBe("Career posting is already Active.");
  });

  it("raises the content version when a closed posting, whose page is public, is edited", async () => {
    await post({ intent: "save", ...posting, title: "Closed Role", status: "closed" });
    expect(await publicStatus("closed-role")).toBe(200);
    const edit = () =>
      post({
        intent: "save",
        id: "closed-role",
        ...posting,
        title: "Closed Role",
        status: "closed",
        description: "Now with a better description.",
      });
    expect(await versionRise(edit)).toBe(1);
  });

  it("refuses a posting that does not exist, a status that does not, and a passed closing date", async () => {
    const missing = await setStatus("no-such-posting", "active");
    expect(missing.status).toBe(404);
    expect(missing.data.message).toBe("Error changing career posting: it no longer exists.");
    const odd = await setStatus("rewards-analyst", "archived");
    expect(odd.status).toBe(400);
    expect(odd.data.message).toBe("Error changing career posting: Choose a status");

    await post({ intent: "save", ...posting, title: "Late Role", closingDate: "2025-01-31" });
    const late = await setStatus("late-role", "active");
    expect(late.status).toBe(409);
    expect(late.data.message).toBe(
      "Error publishing career posting: its closing date (31 Jan 2025) has passed. Edit it to choose a later date or none, then publish it.",
    );
    expect(await publicStatus("late-role")).toBe(404);
  });
});
