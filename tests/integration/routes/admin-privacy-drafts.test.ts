import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { recordConsent } from "~/modules/privacy/consent-ledger.server";
import { currentNotice, noticeByVersion } from "~/modules/privacy/notice.server";
import { CV_POOL_WORDS } from "~/modules/privacy/purposes";
import * as privacyAdmin from "~/routes/admin/privacy";
import * as privacyHistory from "~/routes/admin/privacy.history";
import * as privacyPage from "~/routes/public/privacy";
import * as privacyPreview from "~/routes/public/privacy-preview";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { auditEntries } from "../../support/write-path";

/*
 * Issue 29 for the privacy notice (decision 0075), through the routes as a browser without
 * JavaScript posts: "Save draft" leaves /privacy and the content version alone, the preview
 * shows the draft as /privacy to admins only (never stored, not indexed), "Publish" makes it the
 * next notice version (the one the consent ledger names), the history compares two versions and
 * publishes an earlier one again as a new version.
 */

type Diff = Array<{
  field: string;
  changed: boolean;
  parts: Array<{ kind: string; text: string }>;
}>;
interface Shown {
  notice: { version: number; document: { title: string } };
  earlier: Array<{ version: number }>;
}

describe.each(DIALECTS)("the privacy notice's drafts and history (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
    editor = await h.staff("editor");
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (fields: Record<string, string>, cookie = admin.cookie) =>
    h.action<{ message: string; error?: string }>(
      privacyAdmin,
      h.post("/admin/privacy", fields, { cookie }),
    );
  const editing = async () =>
    (
      await h.loader<{ body: string; draft?: { savedByName: string }; message?: string }>(
        privacyAdmin,
        h.get("/admin/privacy", { cookie: admin.cookie }),
      )
    ).data;
  const live = async () =>
    (await h.loader<Shown>(privacyPage, h.get("/privacy"), { context: await h.publicContext() }))
      .data;
  const preview = (cookie?: string) =>
    h.loader<Shown & { live: boolean }>(
      privacyPreview,
      h.get("/admin/privacy/preview", cookie ? { cookie } : {}),
    );
  const history = (query = "", cookie = admin.cookie) =>
    h.loader<{
      diff?: Diff;
      versions: Array<{ number: number; actorName: string; note: string }>;
    }>(privacyHistory, h.get(`/admin/privacy/history${query}`, { cookie }));
  const restore = (version: string, cookie = admin.cookie) =>
    h.action<{ message?: string }>(
      privacyHistory,
      h.post("/admin/privacy/history", { intent: "restore", version }, { cookie }),
    );

  it("keeps a draft off /privacy, previews it for admins only, and publishes it", async () => {
    const v2 = (await currentNotice(h.db)).body;
    const before = await readContentVersion(h.db);
    const draftText = v2.replace("# Privacy Policy", "# Privacy Notice");

    const saved = await post({ intent: "draft", body: draftText });
    expect(saved.data.message).toMatch(/^Draft saved/);
    expect(await readContentVersion(h.db)).toBe(before);
    expect((await live()).notice).toMatchObject({
      version: 2,
      document: { title: "Privacy Policy" },
    });
    expect(await editing()).toMatchObject({
      body: draftText,
      draft: { savedByName: admin.username },
    });

    // The preview: the draft as the version it would become; admins only; never stored.
    expect((await preview()).status).toBe(302);
    expect((await preview(editor.cookie)).status).toBe(403);
    const shown = await preview(admin.cookie);
    expect(shown.status).toBe(200);
    expect(shown.data.live).toBe(false);
    expect(shown.data.notice).toMatchObject({
      version: 3,
      document: { title: "Privacy Notice" },
    });
    expect(shown.data.earlier.map((v) => v.version)).toEqual([2, 1]);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(shown.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(privacyPreview.handle.pageCache).toBe(false);

    // A draft that would not publish is refused and the kept draft stays.
    const bad = await post({ intent: "draft", body: "Just a paragraph." });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBeTruthy();
    expect((await editing()).body).toBe(draftText);

    const published = await post({ intent: "publish", body: draftText });
    expect(published.data.message).toBe("Published version 3 of the privacy notice.");
    expect((await live()).notice).toMatchObject({
      version: 3,
      document: { title: "Privacy Notice" },
    });
    expect(await readContentVersion(h.db)).toBe(before + 1);
    expect((await editing()).draft).toBeUndefined();
    expect((await preview(admin.cookie)).data).toMatchObject({
      live: true,
      notice: { version: 3 },
    });
    expect((await noticeByVersion(h.db, 2))?.body).toBe(v2);
  });

  it("discards a draft, and refuses an unknown request", async () => {
    const body = (await currentNotice(h.db)).body.replace("# Privacy Notice", "# Draft title");
    await post({ intent: "draft", body });
    expect((await editing()).draft).toBeDefined();
    expect((await post({ intent: "discard-draft" })).data.message).toMatch(/^Draft discarded/);
    expect((await editing()).draft).toBeUndefined();
    expect((await live()).notice.document.title).toBe("Privacy Notice");
    expect((await post({ intent: "no-such-intent", body })).status).toBe(400);
  });

  it("compares two versions and publishes an earlier one again as a new version", async () => {
    const compared = await history();
    expect(compared.data.versions.map((v) => [v.number, v.actorName])).toEqual([
      [3, admin.username],
      [2, "System"],
      [1, "System"],
    ]);
    const body = compared.data.diff?.find((field) => field.field === "body");
    expect(body?.changed).toBe(true);
    expect(body?.parts).toContainEqual({ kind: "removed", text: "# Privacy Policy\n" });
    expect(body?.parts).toContainEqual({ kind: "added", text: "# Privacy Notice\n" });
    const same = await history("?from=2&to=2");
    expect(same.data.diff?.every((field) => !field.changed)).toBe(true);
    expect((await history("", editor.cookie)).status).toBe(403);

    const before = await readContentVersion(h.db);
    expect((await restore("2", editor.cookie)).status).toBe(403);
    expect((await restore("9")).status).toBe(400);
    const restored = await restore("2");
    expect(restored.location).toBe("/admin/privacy?published=4&from=2");
    const now = await currentNotice(h.db);
    expect(now.version).toBe(4);
    expect(now.body).toBe((await noticeByVersion(h.db, 2))?.body);
    expect(now.publishedByName).toBe(admin.username);
    expect((await noticeByVersion(h.db, 3))?.document.title).toBe("Privacy Notice");
    expect((await live()).notice).toMatchObject({
      version: 4,
      document: { title: "Privacy Policy" },
    });
    expect(await readContentVersion(h.db)).toBe(before + 1);
    expect((await auditEntries(h.db)).at(-1)).toMatchObject({
      action: "restore",
      entityType: "privacy_notice",
      summary: "Published version 2 of the privacy notice again as version 4",
    });
    const page = await h.loader<{ message?: string }>(
      privacyAdmin,
      h.get(restored.location, { cookie: admin.cookie }),
    );
    expect(page.data.message).toBe(
      "Published version 2's text again as version 4 of the privacy notice.",
    );
    // The history says which version was a restore, and of which.
    expect((await history()).data.versions.slice(0, 2).map((v) => [v.number, v.note])).toEqual([
      [4, "Published (again from version 2)"],
      [3, "Published"],
    ]);

    // The consent ledger names the version in force, now the restored one.
    const consent = await h.db.transaction().execute((trx) =>
      recordConsent(trx, {
        email: "asha@example.in",
        purpose: "cv_pool",
        action: "given",
        form: "application",
        words: CV_POOL_WORDS,
      }),
    );
    expect(consent.noticeVersion).toBe(4);

    // The same text as the version in force publishes nothing.
    expect((await restore("4")).location).toBe("/admin/privacy?unchanged=4&from=4");
    expect((await currentNotice(h.db)).version).toBe(4);
  });
});
