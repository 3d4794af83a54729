import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { FILE_KINDS } from "~/modules/files/file-kinds.server";
import { fileStore } from "~/modules/files/file-store.server";
import {
  discardItemDraft,
  loadEditing,
  publishItem,
  restoreItemVersion,
} from "~/modules/versions/drafts.server";
import { getDraft, listVersions } from "~/modules/versions/versions.server";
import { pdfFile, xlsxFile } from "../../../tests/support/office-files";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import { resourceInputSchema } from "./resource.schema";
import { listResourcesForAdmin } from "./resource-admin.server";
import { createResource, deleteResource, RESOURCE_MESSAGES } from "./resource-commands.server";
import { saveResourceEdit } from "./resource-drafts.server";
import { publishResourceVersion, resourceVersions } from "./resource-versions.server";
import { getPublishedResource } from "./resources.server";

/*
 * Drafts of resources (issue 29, decision 0072): a draft, its new file included, leaves the live
 * resource and its download as they were; publishing keeps a version with its file; restoring an
 * old version brings its file back; a file goes only when nothing (row, draft, version) refers
 * to it, in the transaction of the change that let it go.
 */

const guide = (changes: Record<string, string> = {}) =>
  resourceInputSchema.parse({
    type: "guide",
    title: "The ESOP Design Playbook",
    slug: "",
    summary: "Sizing the pool, vesting and communication.",
    category: "Equity Compensation",
    pageCount: "24",
    ...changes,
  });

const pdf = async (text: string) => ({ bytes: await pdfFile(text), kind: FILE_KINDS.pdf });
// One copy for uploads and comparisons alike: a zip carries the second it was made in.
const SHEET = xlsxFile();
const xlsx = () => ({ bytes: SHEET, kind: FILE_KINDS.xlsx });

describe.each(DIALECTS)("resource drafts on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "meera" });
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function bytesOf(fileId: string | null | undefined) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of fileStore.read(t.db, fileId ?? "")) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
  const stored = async (fileId: string | null | undefined) =>
    Boolean(fileId && (await fileStore.describe(t.db, fileId)));

  async function publishedGuide(slug: string, text = "First edition") {
    const file = await pdf(text);
    await createResource(t.db, editor, { input: guide({ slug }), file });
    expect(await publishResourceVersion(t.db, editor, slug)).toBe("published");
    return file;
  }

  it("a draft with a new file leaves the live resource and its download as they were", async () => {
    const first = await publishedGuide("playbook");
    const before = await readContentVersion(t.db);
    const saved = await saveResourceEdit(t.db, editor, {
      slug: "playbook",
      input: guide({ title: "The ESOP Playbook, 2nd edition" }),
      file: xlsx(),
      asDraft: true,
    });
    expect(saved).toMatchObject({ ok: true, outcome: "drafted" });
    expect(await readContentVersion(t.db)).toBe(before);
    const live = await getPublishedResource(t.db, "playbook");
    expect(live?.title).toBe("The ESOP Design Playbook");
    expect(await bytesOf(live?.fileId)).toEqual(Buffer.from(first.bytes));

    const listed = await listResourcesForAdmin(t.db, { type: "all", status: "all", page: 1 });
    expect(listed.items.find((r) => r.slug === "playbook")?.hasDraft).toBe(true);
    const editing = await loadEditing(t.db, resourceVersions, "playbook");
    expect(editing?.item.title).toBe("The ESOP Playbook, 2nd edition");
    expect(editing?.item.fileLabel).toMatch(/^playbook\.xlsx \(/);
    expect(await bytesOf(editing?.item.fileId)).toEqual(Buffer.from(SHEET));

    // Publishing: the draft's file is the one visitors get; the first stays for version 1.
    const published = await publishItem(t.db, editor, resourceVersions, "playbook");
    expect(published).toMatchObject({ ok: true, version: 2 });
    expect(await readContentVersion(t.db)).toBe(before + 1);
    const now = await getPublishedResource(t.db, "playbook");
    expect(now?.title).toBe("The ESOP Playbook, 2nd edition");
    expect(now?.fileId).toBe(editing?.item.fileId);
    const versions = await listVersions(t.db, "resource", "playbook");
    expect(versions.map((v) => [v.number, v.fields.file?.split(" ")[0]])).toEqual([
      [2, "playbook.xlsx"],
      [1, "playbook.pdf"],
    ]);
    expect(await stored(versions[1]?.fields.fileId)).toBe(true);

    // Restoring version 1 brings its file back, as a draft first.
    expect(await restoreItemVersion(t.db, editor, resourceVersions, "playbook", 1)).toBe(true);
    expect((await getPublishedResource(t.db, "playbook"))?.fileId).toBe(now?.fileId);
    await publishItem(t.db, editor, resourceVersions, "playbook");
    const restored = await getPublishedResource(t.db, "playbook");
    expect(restored?.title).toBe("The ESOP Design Playbook");
    expect(await bytesOf(restored?.fileId)).toEqual(Buffer.from(first.bytes));
    // Version 2 still refers to the spreadsheet: it is kept.
    expect(await stored(now?.fileId)).toBe(true);
  });

  it("a draft's file nothing refers to any more goes: replaced again, or discarded", async () => {
    await publishedGuide("toolkit");
    const draftFile = async () => (await getDraft(t.db, "resource", "toolkit"))?.fields.fileId;
    const edit = (file?: { bytes: Uint8Array; kind: typeof FILE_KINDS.pdf }) =>
      saveResourceEdit(t.db, editor, { slug: "toolkit", input: guide(), file, asDraft: true });

    await edit(await pdf("Draft one"));
    const one = await draftFile();
    await edit(await pdf("Draft two"));
    const two = await draftFile();
    expect(two).not.toBe(one);
    expect(await stored(one)).toBe(false);
    // A save without a file keeps the draft's.
    await edit();
    expect(await draftFile()).toBe(two);

    expect(await discardItemDraft(t.db, editor, resourceVersions, "toolkit")).toBe(true);
    expect(await stored(two)).toBe(false);
    expect(await stored((await getPublishedResource(t.db, "toolkit"))?.fileId)).toBe(true);
  });

  it("a draft whose save fails leaves no file behind, and a published slug stays", async () => {
    await publishedGuide("report");
    const files = await t.db.selectFrom("storedFiles").select("id").execute();
    const state = await writePathState(t.db);
    await expect(
      saveResourceEdit(failingOn(t.db, "contentDrafts"), editor, {
        slug: "report",
        input: guide(),
        file: await pdf("Lost"),
        asDraft: true,
      }),
    ).rejects.toThrow(FORCED_FAILURE);
    expect(await t.db.selectFrom("storedFiles").select("id").execute()).toEqual(files);
    expect(await writePathState(t.db)).toEqual(state);

    const moved = await saveResourceEdit(t.db, editor, {
      slug: "report",
      input: guide({ slug: "elsewhere" }),
      asDraft: true,
    });
    expect(moved).toEqual({ ok: false, errors: { slug: RESOURCE_MESSAGES.slugFixed } });
  });

  it("deleting a resource removes its live file, its draft's and those its versions kept", async () => {
    await publishedGuide("gone");
    await saveResourceEdit(t.db, editor, {
      slug: "gone",
      input: guide(),
      file: xlsx(),
      asDraft: false,
    });
    await saveResourceEdit(t.db, editor, {
      slug: "gone",
      input: guide(),
      file: await pdf("Draft"),
      asDraft: true,
    });
    const ids = [
      ...(await listVersions(t.db, "resource", "gone")).map((v) => v.fields.fileId),
      (await getDraft(t.db, "resource", "gone"))?.fields.fileId,
    ];
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(await stored(id)).toBe(true);
    await deleteResource(t.db, editor, "gone");
    for (const id of ids) expect(await stored(id)).toBe(false);
    expect(await getDraft(t.db, "resource", "gone")).toBeUndefined();
  });

  it("an unpublished resource's save goes to its row and takes in a draft left from before", async () => {
    await publishedGuide("paused");
    await saveResourceEdit(t.db, editor, {
      slug: "paused",
      input: guide({ title: "Paused, revised" }),
      file: xlsx(),
      asDraft: true,
    });
    const draftFile = (await getDraft(t.db, "resource", "paused"))?.fields.fileId;
    await t.db
      .updateTable("resources")
      .set({ status: "draft" })
      .where("slug", "=", "paused")
      .execute();
    const saved = await saveResourceEdit(t.db, editor, {
      slug: "paused",
      input: guide({ title: "Paused, revised" }),
      asDraft: true,
    });
    expect(saved).toMatchObject({ ok: true, outcome: "saved" });
    expect(await getDraft(t.db, "resource", "paused")).toBeUndefined();
    const row = await t.db
      .selectFrom("resources")
      .select(["title", "fileId"])
      .where("slug", "=", "paused")
      .executeTakeFirst();
    expect(row).toEqual({ title: "Paused, revised", fileId: draftFile });
  });
});
