import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { waitingTime } from "~/modules/dashboard/dashboard.constants";
import { enqueueMail } from "~/modules/mail/outbox.server";
import * as dashboard from "~/routes/admin/dashboard";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 12, item 22: the dashboard shows the mail backlog (how many mails wait, how long the
 * oldest has waited, how many are being retried and how many were given up on), read from the
 * shared outbox, so staff see a burst being worked off.
 */

interface Backlog {
  queued: number;
  retrying: number;
  failed: number;
  oldestQueuedAt: string | null;
  oldestWaitingMs: number | null;
}

describe.each(DIALECTS)("the dashboard's mail backlog (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await h.db.deleteFrom("mailOutbox").execute();
  });

  const backlog = async () => {
    const out = await h.loader<{ dashboard: { outbox: Backlog } }>(
      dashboard,
      h.get("/admin", { cookie: editor.cookie }),
    );
    expect(out.status).toBe(200);
    return out.data.dashboard.outbox;
  };

  const queue = (subject: string, at: Date) =>
    enqueueMail(
      h.db,
      { kind: "test_mail", to: "firm@example.in", subject, text: subject, html: subject },
      at,
    );

  it("reports an empty backlog when every mail has gone out", async () => {
    expect(await backlog()).toEqual({
      queued: 0,
      retrying: 0,
      failed: 0,
      oldestQueuedAt: null,
      oldestWaitingMs: null,
    });
  });

  it("counts queued, retrying and failed mails and how long the oldest has waited", async () => {
    const oldest = new Date(Date.now() - 25 * 60 * 1000);
    await queue("Oldest", oldest);
    await queue("Newer", new Date(Date.now() - 60 * 1000));
    await queue("Retrying", new Date(Date.now() - 5 * 60 * 1000));
    await queue("Being sent", new Date(Date.now() - 2 * 60 * 1000));
    await queue("Given up", new Date(Date.now() - 48 * 60 * 60 * 1000));
    await queue("Delivered", new Date(Date.now() - 72 * 60 * 60 * 1000));
    await h.db
      .updateTable("mailOutbox")
      .set({ attempts: 2, lastError: "ECONNECTION: Connection refused" })
      .where("subject", "=", "Retrying")
      .execute();
    await h.db
      .updateTable("mailOutbox")
      .set({ status: "sending", claimToken: "another-instance" })
      .where("subject", "=", "Being sent")
      .execute();
    await h.db
      .updateTable("mailOutbox")
      .set({ status: "failed", attempts: 24 })
      .where("subject", "=", "Given up")
      .execute();
    await h.db
      .updateTable("mailOutbox")
      .set({ status: "sent", attempts: 1 })
      .where("subject", "=", "Delivered")
      .execute();

    const figures = await backlog();
    // Waiting: the two new ones, the one being retried and the one another instance is sending.
    expect(figures).toMatchObject({
      queued: 4,
      retrying: 1,
      failed: 1,
      oldestQueuedAt: oldest.toISOString(),
    });
    expect(figures.oldestWaitingMs).toBeGreaterThanOrEqual(25 * 60 * 1000);
    expect(figures.oldestWaitingMs).toBeLessThan(26 * 60 * 1000);
  });
});

describe("the oldest mail's wait, as the dashboard words it", () => {
  it("reads in minutes, hours and days", () => {
    expect(
      [20_000, 60_000, 12 * 60_000, 60 * 60_000, 185 * 60_000, 26 * 60 * 60_000].map(waitingTime),
    ).toEqual([
      "less than a minute",
      "1 minute",
      "12 minutes",
      "1 hour",
      "3 hours 5 minutes",
      "1 day 2 hours",
    ]);
  });
});
