import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { addConsultant } from "~/modules/bookings/consultant-commands.server";
import * as calendarsPage from "~/routes/admin/bookings.calendars";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * The consultants' calendars page through its loader and action, on both dialects: admins manage
 * every consultant's calendars, an editor only their own; a refused form keeps what was typed but
 * never a credential; and no credential ever comes back to the browser.
 */

interface PageData {
  consultants: Array<{
    id: string;
    displayName: string;
    canManage: boolean;
    calendars: Array<{ id: string; label: string; address: string; username: string }>;
  }>;
}

interface ActionData {
  message?: string;
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
}

const SECRET_PATH = "/calendar/ical/asha/private-9f8e7d6c/basic.ics";
const FEED = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//test//EN",
  "BEGIN:VEVENT",
  "UID:offsite",
  "DTSTAMP:20260301T000000Z",
  // Tomorrow and the day after, whatever day the test runs: inside the read window.
  `DTSTART:${compact(Date.now() + 86_400_000)}`,
  `DTEND:${compact(Date.now() + 90_000_000)}`,
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

function compact(at: number) {
  return `${new Date(at).toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}
const PASSWORD = "app-password-1234";

describe.each(DIALECTS)("the consultants' calendars page (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;
  let asha: { id: string };
  let own: { id: string };
  let feed: Server;
  let secretAddress = "";
  /** A CalDAV address where nothing listens: reading it fails at once. */
  let deadCaldav = "";

  beforeAll(async () => {
    feed = createServer((request, response) => {
      // The secret address answers; anything else (the dead CalDAV address) is not found.
      if (request.url === SECRET_PATH) response.writeHead(200).end(FEED);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
    const port = (feed.address() as AddressInfo).port;
    secretAddress = `http://127.0.0.1:${port}${SECRET_PATH}`;
    deadCaldav = `http://127.0.0.1:${port}/closed/`;
    h = await createRouteHarness(dialect);
    ({ editor, admin } = await editorAndAdmin(h));
    asha = (await consultantFixture(h.db, { name: "Asha Rao" })).consultant;
    const added = await addConsultant(
      h.db,
      { id: admin.id, name: "Admin" },
      { userId: editor.id, displayName: "Esha Editor", dailyLimit: 8, active: true },
    );
    if (!added.ok) throw new Error(added.error);
    own = added.value;
  });
  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => feed.close(resolve));
  });

  const post = (fields: Record<string, string>, staff: SignedInStaff) =>
    h.action<ActionData>(
      calendarsPage,
      h.post("/admin/bookings/calendars", fields, { cookie: staff.cookie }),
    );
  const page = async (staff: SignedInStaff) =>
    (
      await h.loader<PageData>(
        calendarsPage,
        h.get("/admin/bookings/calendars", { cookie: staff.cookie }),
      )
    ).data;

  it("lets admins manage anyone's calendars and an editor only their own", async () => {
    const seen = await page(editor);
    expect(seen.consultants.find((c) => c.id === asha.id)?.canManage).toBe(false);
    expect(seen.consultants.find((c) => c.id === own.id)?.canManage).toBe(true);

    const refused = await post(
      { intent: "add-ics", consultantId: asha.id, label: "Google", secretAddress },
      editor,
    );
    expect(refused.status).toBe(403);

    const mine = await post(
      {
        intent: "add-ics",
        consultantId: own.id,
        label: "My Google",
        secretAddress,
      },
      editor,
    );
    expect(mine.status).toBe(200);
    expect(mine.data.message).toBe(
      'Calendar "My Google" added. Calendar "My Google" read: 1 busy time in the next year.',
    );

    const byAdmin = await post(
      {
        intent: "add-caldav",
        consultantId: asha.id,
        label: "Work",
        url: deadCaldav,
        username: "asha",
        password: PASSWORD,
      },
      admin,
    );
    expect(byAdmin.status).toBe(200);
    // Added, and the read shows at once what is wrong; the calendar shows it too.
    expect(byAdmin.data.message).toBe(
      'Calendar "Work" added. Error: reading "Work" failed. No calendar at this address (HTTP 404).',
    );
  });

  it("shows a message per field and keeps what was typed, but never the credentials", async () => {
    const out = await post(
      {
        intent: "add-caldav",
        consultantId: asha.id,
        label: "",
        url: "ftp://dav.example.in/",
        username: "asha",
        password: PASSWORD,
      },
      admin,
    );
    expect(out.status).toBe(400);
    expect(out.data.errors).toEqual({
      label: "Enter a name for this calendar",
      url: "Enter the calendar's address, starting with https://",
    });
    expect(out.data.values).toMatchObject({ username: "asha", url: "ftp://dav.example.in/" });
    expect(JSON.stringify(out.data)).not.toContain(PASSWORD);

    const ics = await post(
      { intent: "add-ics", consultantId: asha.id, label: "", secretAddress },
      admin,
    );
    expect(ics.status).toBe(400);
    expect(JSON.stringify(ics.data)).not.toContain("private-9f8e7d6c");
  });

  it("lists the calendars with their user name and host, never a password or secret address", async () => {
    const seen = await page(admin);
    const json = JSON.stringify(seen);
    expect(json).not.toContain(PASSWORD);
    expect(json).not.toContain("private-9f8e7d6c");
    const ashas = seen.consultants.find((c) => c.id === asha.id)?.calendars ?? [];
    expect(ashas).toMatchObject([
      {
        label: "Work",
        address: deadCaldav,
        username: "asha",
        lastError: "No calendar at this address (HTTP 404).",
        lastSyncedAt: null,
      },
    ]);
    const mine = seen.consultants.find((c) => c.id === own.id)?.calendars ?? [];
    expect(mine).toMatchObject([
      { label: "My Google", address: "127.0.0.1 (secret address saved)", lastError: null },
    ]);

    // Replacing the password and removing the calendar.
    const id = ashas[0]?.id ?? "";
    const replaced = await post(
      { intent: "replace-password", calendarId: id, password: "new-one" },
      admin,
    );
    expect(replaced.data.message).toBe(
      'New password saved for "Work". Error: reading "Work" failed. No calendar at this address (HTTP 404).',
    );
    const removed = await post({ intent: "remove", calendarId: id }, admin);
    expect(removed.data.message).toBe(
      'Calendar "Work" removed. Its busy times no longer block bookings.',
    );
    expect((await page(admin)).consultants.find((c) => c.id === asha.id)?.calendars).toEqual([]);
  });
});
