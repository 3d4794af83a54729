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

const SECRET_ADDRESS = "https://calendar.example.com/calendar/ical/asha/private-9f8e7d6c/basic.ics";
const PASSWORD = "app-password-1234";

describe.each(DIALECTS)("the consultants' calendars page (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;
  let asha: { id: string };
  let own: { id: string };

  beforeAll(async () => {
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
      { intent: "add-ics", consultantId: asha.id, label: "Google", secretAddress: SECRET_ADDRESS },
      editor,
    );
    expect(refused.status).toBe(403);

    const mine = await post(
      {
        intent: "add-ics",
        consultantId: own.id,
        label: "My Google",
        secretAddress: SECRET_ADDRESS,
      },
      editor,
    );
    expect(mine.status).toBe(200);
    expect(mine.data.message).toBe(
      'Calendar "My Google" added. Its busy times are read within a minute.',
    );

    const byAdmin = await post(
      {
        intent: "add-caldav",
        consultantId: asha.id,
        label: "Work",
        url: "https://dav.example.in/asha/work/",
        username: "asha",
        password: PASSWORD,
      },
      admin,
    );
    expect(byAdmin.status).toBe(200);
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
      { intent: "add-ics", consultantId: asha.id, label: "", secretAddress: SECRET_ADDRESS },
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
      { label: "Work", address: "https://dav.example.in/asha/work/", username: "asha" },
    ]);
    const mine = seen.consultants.find((c) => c.id === own.id)?.calendars ?? [];
    expect(mine).toMatchObject([
      { label: "My Google", address: "calendar.example.com (secret address saved)" },
    ]);

    // Replacing the password and removing the calendar.
    const id = ashas[0]?.id ?? "";
    const replaced = await post(
      { intent: "replace-password", calendarId: id, password: "new-one" },
      admin,
    );
    expect(replaced.data.message).toBe(
      'New password saved for "Work". It is read again within a minute.',
    );
    const removed = await post({ intent: "remove", calendarId: id }, admin);
    expect(removed.data.message).toBe(
      'Calendar "Work" removed. Its busy times no longer block bookings.',
    );
    expect((await page(admin)).consultants.find((c) => c.id === asha.id)?.calendars).toEqual([]);
  });
});
