import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { PROOF_SAMPLES } from "../../../tests/support/proof-samples";
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
import {
  COLLECTIONS,
  createEntry,
  deleteEntry,
  moveEntry,
  setEntryStatus,
  updateEntry,
} from "./collection-commands.server";
import { PROOF_KINDS, PROOF_SCHEMAS, type ProofInput, type ProofKind } from "./proof.schema";
import { listEntries, listPublicTeam, loadPublicProof } from "./proof.server";

/* The social-proof commands, for each of the four kinds, on SQLite and PostgreSQL. */

const input = (kind: ProofKind, overrides: Record<string, string> = {}): ProofInput =>
  PROOF_SCHEMAS[kind].parse({ ...PROOF_SAMPLES[kind].form, ...overrides }) as ProofInput;

/** A field that names the entry, changed to tell entries apart. */
const NAME_FIELD: Record<ProofKind, string> = {
  testimonials: "name",
  "client-logos": "name",
  results: "label",
  team: "name",
};

describe.each(DIALECTS)("social proof commands on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  const versionRise = async (act: () => Promise<unknown>) => {
    const before = await readContentVersion(t.db);
    await act();
    return (await readContentVersion(t.db)) - before;
  };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "asha" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    for (const kind of PROOF_KINDS) await t.db.deleteFrom(COLLECTIONS[kind].table).execute();
  });

  describe.each(PROOF_KINDS)("%s", (kind) => {
    const { entityType, noun } = COLLECTIONS[kind];
    const named = (name: string, status = "published") =>
      input(kind, { [NAME_FIELD[kind]]: name, status });

    it("adds an entry with its audit entry; a published one raises the version", async () => {
      const before = await writePathState(t.db);
      const entry = await createEntry(t.db, editor, kind, input(kind));
      expect(await readContentVersion(t.db)).toBe(before.version + 1);
      expect((await listEntries(t.db, kind)).map((e) => e.id)).toEqual([entry.id]);
      const [audit] = (await auditEntries(t.db)).slice(before.audit.length);
      expect(audit).toMatchObject({
        actorId: editor.id,
        action: "create",
        entityType,
        entityId: entry.id,
      });
      expect(audit?.summary).toMatch(new RegExp(`^Added the ${noun} ".+" \\(published\\)$`));
      // A draft is not on any public page: recorded, but cached pages stay valid.
      expect(
        await versionRise(() => createEntry(t.db, editor, kind, named("Draft", "draft"))),
      ).toBe(0);
    });

    it("updates, publishes and unpublishes, raising the version only when the site changes", async () => {
      const draft = await createEntry(t.db, editor, kind, named("First", "draft"));
      expect(
        await versionRise(() =>
          updateEntry(t.db, editor, kind, draft.id, named("Still draft", "draft")),
        ),
      ).toBe(0);
      expect((await listEntries(t.db, kind))[0]).toMatchObject({
        [NAME_FIELD[kind]]: "Still draft",
      });

      expect(
        await versionRise(() => setEntryStatus(t.db, editor, kind, draft.id, "published")),
      ).toBe(1);
      expect((await auditEntries(t.db)).at(-1)?.summary).toMatch(
        new RegExp(`^Published the ${noun} `),
      );
      // Publishing what is published changes nothing and records nothing.
      const audits = (await auditEntries(t.db)).length;
      expect(
        await versionRise(() => setEntryStatus(t.db, editor, kind, draft.id, "published")),
      ).toBe(0);
      expect(await auditEntries(t.db)).toHaveLength(audits);

      expect(
        await versionRise(() => updateEntry(t.db, editor, kind, draft.id, named("Edited"))),
      ).toBe(1);
      expect(await versionRise(() => setEntryStatus(t.db, editor, kind, draft.id, "draft"))).toBe(
        1,
      );
      expect((await auditEntries(t.db)).at(-1)).toMatchObject({
        action: "status",
        entityId: draft.id,
      });
      expect((await auditEntries(t.db)).at(-1)?.summary).toMatch(
        new RegExp(`^Unpublished the ${noun} `),
      );
      expect(await updateEntry(t.db, editor, kind, "missing", named("X"))).toBe(false);
      expect(await setEntryStatus(t.db, editor, kind, "missing", "draft")).toBe(false);
    });

    it("moves entries up and down; the public order follows", async () => {
      const a = await createEntry(t.db, editor, kind, named("A"));
      const b = await createEntry(t.db, editor, kind, named("B"));
      const c = await createEntry(t.db, editor, kind, named("C"));
      const order = async () => (await listEntries(t.db, kind)).map((e) => e.id);
      expect(await order()).toEqual([a.id, b.id, c.id]);

      expect(await versionRise(() => moveEntry(t.db, editor, kind, c.id, "up"))).toBe(1);
      expect(await order()).toEqual([a.id, c.id, b.id]);
      expect((await auditEntries(t.db)).at(-1)).toMatchObject({
        action: "reorder",
        entityId: c.id,
      });
      await moveEntry(t.db, editor, kind, a.id, "down");
      expect(await order()).toEqual([c.id, a.id, b.id]);
      // Nothing above the first: no change, nothing recorded.
      const audits = (await auditEntries(t.db)).length;
      expect(await moveEntry(t.db, editor, kind, c.id, "up")).toBe(false);
      expect(await auditEntries(t.db)).toHaveLength(audits);

      // Public pages list published entries only, in the staff's order.
      await setEntryStatus(t.db, editor, kind, a.id, "draft");
      const shown = await publicNames(kind);
      expect(shown).toEqual(["C", "B"]);
      // Passing a draft changes no public order: the cached pages stay valid.
      expect(await versionRise(() => moveEntry(t.db, editor, kind, a.id, "down"))).toBe(0);
    });

    it("deletes an entry with its audit entry", async () => {
      const entry = await createEntry(t.db, editor, kind, input(kind));
      expect(await versionRise(() => deleteEntry(t.db, editor, kind, entry.id))).toBe(1);
      expect(await listEntries(t.db, kind)).toEqual([]);
      expect((await auditEntries(t.db)).at(-1)).toMatchObject({
        action: "delete",
        entityType,
        entityId: entry.id,
      });
      expect(await deleteEntry(t.db, editor, kind, entry.id)).toBe(false);
    });

    it("stores nothing when the audit entry or the version bump fails", async () => {
      for (const table of ["auditLog", "contentVersion"] as const) {
        const before = await writePathState(t.db);
        await expect(
          createEntry(failingOn(t.db, table), editor, kind, input(kind)),
        ).rejects.toThrow(FORCED_FAILURE);
        expect(await listEntries(t.db, kind)).toEqual([]);
        expect(await writePathState(t.db)).toEqual(before);
      }
    });
  });

  /** What the public pages show of a kind, by the field that names an entry. */
  async function publicNames(kind: ProofKind): Promise<string[]> {
    if (kind === "team") return (await listPublicTeam(t.db)).map((m) => m.name);
    const proof = await loadPublicProof(t.db);
    if (kind === "testimonials") return proof.testimonials.map((e) => e.name);
    if (kind === "client-logos") return proof.logos.map((e) => e.name);
    return proof.figures.map((e) => e.label);
  }
});
