import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { FILE_KINDS } from "~/modules/files/file-kinds.server";
import { fileStore } from "~/modules/files/file-store.server";
import { pdfFile, xlsxFile } from "../../../tests/support/office-files";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  auditEntries,
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import { resourceInputSchema } from "./resource.schema";
import { getResourceForAdmin, listResourcesForAdmin } from "./resource-admin.server";
import {
  createResource,
  deleteResource,
  publishResource,
  RESOURCE_MESSAGES,
  unpublishResource,
  updateResource,
} from "./resource-commands.server";

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

const pdf = async (text = "Playbook") => ({ bytes: await pdfFile(text), kind: FILE_KINDS.pdf });

async function bytesOf(t: TestDatabase, fileId: string) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of fileStore.read(t.db, fileId)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const fileCount = async (t: TestDatabase) =>
  Number(
    (
      await t.db
        .selectFrom("storedFiles")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DIALECTS)("resource commands on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "meera" });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("creates a draft with its file named from the slug, without touching public pages", async () => {
    const before = await writePathState(t.db);
    const file = await pdf();
    const created = await createResource(t.db, editor, { input: guide(), file });
    expect(created.ok).toBe(true);
    const stored = await getResourceForAdmin(t.db, "the-esop-design-playbook");
    expect(stored).toMatchObject({ status: "draft", pageCount: 24, company: "" });
    expect(stored?.file).toMatchObject({
      fileName: "the-esop-design-playbook.pdf",
      contentType: "application/pdf",
      byteSize: file.bytes.byteLength,
    });
    expect(await bytesOf(t, stored?.file?.id ?? "")).toEqual(Buffer.from(file.bytes));
    expect(await readContentVersion(t.db)).toBe(before.version);
    expect((await auditEntries(t.db)).slice(before.audit.length)).toEqual([
      expect.objectContaining({ action: "create", entityType: "resource", actorId: editor.id }),
    ]);
  });

  it("makes the slug unique, and refuses a slug given twice", async () => {
    const second = await createResource(t.db, editor, { input: guide() });
    expect(second).toMatchObject({ ok: true, resource: { slug: "the-esop-design-playbook-2" } });
    const taken = await createResource(t.db, editor, {
      input: guide({ slug: "the-esop-design-playbook" }),
    });
    expect(taken).toEqual({ ok: false, errors: { slug: RESOURCE_MESSAGES.slugTaken } });
  });

  it("keeps the case-study fields only for a case study", async () => {
    const input = guide({ title: "Not a case study", company: "Acme", results: "More\nLess" });
    const created = await createResource(t.db, editor, { input });
    expect(created).toMatchObject({ ok: true, resource: { company: "", results: "" } });
  });

  it("refuses to publish without a file; publishing raises the content version", async () => {
    expect(await publishResource(t.db, editor, "the-esop-design-playbook-2")).toBe("no_file");
    const before = await writePathState(t.db);
    expect(await publishResource(t.db, editor, "the-esop-design-playbook")).toBe("published");
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect(await publishResource(t.db, editor, "the-esop-design-playbook")).toBe("already");
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
  });

  it("replaces the file of a published resource, removing the old one, and keeps its slug", async () => {
    const old = await getResourceForAdmin(t.db, "the-esop-design-playbook");
    const files = await fileCount(t);
    const before = await writePathState(t.db);
    const xlsx = { bytes: xlsxFile(), kind: FILE_KINDS.xlsx };
    const saved = await updateResource(t.db, editor, {
      slug: "the-esop-design-playbook",
      input: guide({ title: "The ESOP Playbook, 2nd edition" }),
      file: xlsx,
    });
    expect(saved.ok).toBe(true);
    const now = await getResourceForAdmin(t.db, "the-esop-design-playbook");
    expect(now?.title).toBe("The ESOP Playbook, 2nd edition");
    expect(now?.file?.fileName).toBe("the-esop-design-playbook.xlsx");
    expect(await fileStore.describe(t.db, old?.file?.id ?? "")).toBeUndefined();
    expect(await fileCount(t)).toBe(files);
    expect(await readContentVersion(t.db)).toBe(before.version + 1);

    const moved = await updateResource(t.db, editor, {
      slug: "the-esop-design-playbook",
      input: guide({ slug: "a-new-address" }),
    });
    expect(moved).toEqual({ ok: false, errors: { slug: RESOURCE_MESSAGES.slugFixed } });
  });

  it("renames a draft's slug and its file, keeping the bytes", async () => {
    const file = await pdf("Rename me");
    await createResource(t.db, editor, { input: guide({ slug: "draft-to-rename" }), file });
    const saved = await updateResource(t.db, editor, {
      slug: "draft-to-rename",
      input: guide({ slug: "renamed-draft" }),
    });
    expect(saved).toMatchObject({ ok: true, resource: { slug: "renamed-draft" } });
    expect(await getResourceForAdmin(t.db, "draft-to-rename")).toBeUndefined();
    const renamed = await getResourceForAdmin(t.db, "renamed-draft");
    expect(renamed?.file?.fileName).toBe("renamed-draft.pdf");
    expect(await bytesOf(t, renamed?.file?.id ?? "")).toEqual(Buffer.from(file.bytes));
  });

  it("stores nothing, file included, when the audit entry fails", async () => {
    const files = await fileCount(t);
    const before = await writePathState(t.db);
    await expect(
      createResource(failingOn(t.db, "auditLog"), editor, {
        input: guide({ slug: "never-stored" }),
        file: await pdf(),
      }),
    ).rejects.toThrow(FORCED_FAILURE);
    expect(await getResourceForAdmin(t.db, "never-stored")).toBeUndefined();
    expect(await fileCount(t)).toBe(files);
    expect(await writePathState(t.db)).toEqual(before);
  });

  it("unpublishes, lists by type and status, and deletes with the file", async () => {
    const before = await writePathState(t.db);
    expect(await unpublishResource(t.db, editor, "the-esop-design-playbook")).toBe("unpublished");
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect(await publishResource(t.db, editor, "renamed-draft")).toBe("published");
    const published = await listResourcesForAdmin(t.db, {
      type: "guide",
      status: "published",
      page: 1,
    });
    expect(published.items.map((r) => r.slug)).toEqual(["renamed-draft"]);
    const whitepapers = await listResourcesForAdmin(t.db, {
      type: "whitepaper",
      status: "all",
      page: 1,
    });
    expect(whitepapers.total).toBe(0);

    const fileId = (await getResourceForAdmin(t.db, "renamed-draft"))?.file?.id ?? "";
    const version = await readContentVersion(t.db);
    expect(await deleteResource(t.db, editor, "renamed-draft")).toMatchObject({
      slug: "renamed-draft",
    });
    expect(await fileStore.describe(t.db, fileId)).toBeUndefined();
    expect(await readContentVersion(t.db)).toBe(version + 1);
    expect(await deleteResource(t.db, editor, "renamed-draft")).toBeUndefined();
  });
});

describe("the resource form's schema", () => {
  it("names every missing case-study field along with the other fields", () => {
    const parsed = resourceInputSchema.safeParse({
      type: "case-study",
      title: "",
      summary: "S",
      category: "C",
      pageCount: "0",
      company: "",
      industry: " ",
    });
    const messages = Object.fromEntries(
      (parsed.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toEqual({
      title: "Title is required",
      pageCount: "Page count must be a whole number from 1 to 2000.",
      company: "Company is required for a case study",
      industry: "Industry is required for a case study",
      challenge: "Challenge is required for a case study",
      solution: "Solution is required for a case study",
      results: "Results is required for a case study",
    });
  });

  it("refuses slugs that are not lower-case-hyphen or are reserved", () => {
    for (const slug of ["Upper", "two--hyphens", "-edge", "new", "dots.pdf"]) {
      expect(guideParse(slug).success, slug).toBe(false);
    }
    expect(guideParse("esop-2026").success).toBe(true);
  });
});

const guideParse = (slug: string) =>
  resourceInputSchema.safeParse({
    type: "guide",
    title: "T",
    slug,
    summary: "S",
    category: "C",
    pageCount: "3",
  });
