import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import {
  type Columns,
  deleteRow,
  getRow,
  insertRow,
  moveRow,
  type OrderedTable,
  type StoredRow,
  setRowStatus,
  updateRow,
} from "./ordered-rows.server";
import {
  type Entry,
  IMAGE_FIELD,
  PROOF_SCHEMAS,
  type ProofInput,
  type ProofKind,
  type ProofStatus,
} from "./proof.schema";

/*
 * The staff's changes to social proof, one set of commands for the four kinds (each an ordered,
 * publishable collection). Only published entries reach public output (the home, services and
 * About pages), so a change raises the public content version when an entry was or becomes
 * published; work on drafts leaves the page cache alone. Every change has its audit entry.
 */

interface CollectionSpec {
  table: OrderedTable;
  idPrefix: string;
  entityType: string;
  /** One entry in an audit sentence: "Added the testimonial …". */
  noun: string;
  /** How an audit sentence names an entry. */
  describe: (fields: Record<string, string>) => string;
}

export const COLLECTIONS: Record<ProofKind, CollectionSpec> = {
  testimonials: {
    table: "testimonials",
    idPrefix: "tst",
    entityType: "testimonial",
    noun: "testimonial",
    describe: (f) => `${f.name}, ${f.company}`,
  },
  "client-logos": {
    table: "clientLogos",
    idPrefix: "logo",
    entityType: "client-logo",
    noun: "client logo",
    describe: (f) => `${f.name}`,
  },
  results: {
    table: "resultFigures",
    idPrefix: "fig",
    entityType: "result-figure",
    noun: "results figure",
    describe: (f) => `${f.figure} ${f.label}`,
  },
  team: {
    table: "teamMembers",
    idPrefix: "team",
    entityType: "team-member",
    noun: "team member",
    describe: (f) => `${f.name}`,
  },
};

const isPublic = (row: { status: string } | null | undefined) => row?.status === "published";

/** The stored row as the form has it: the kind's fields (a missing image as "") and its place. */
export function entryOf<Input extends ProofInput>(kind: ProofKind, row: StoredRow): Entry<Input> {
  const fields = Object.fromEntries(
    Object.keys(PROOF_SCHEMAS[kind].shape).map((name) => [name, row[name] ?? ""]),
  );
  return { ...fields, id: row.id, position: row.position } as unknown as Entry<Input>;
}

/** The columns stored for a validated input ("" for an image means none: null). */
function columnsOf(kind: ProofKind, input: ProofInput): Columns {
  const columns: Columns = { ...(input as unknown as Record<string, string>) };
  const image = IMAGE_FIELD[kind];
  if (image) columns[image] = columns[image] || null;
  return columns;
}

const describe = (kind: ProofKind, row: Record<string, unknown>) =>
  `"${COLLECTIONS[kind].describe(row as Record<string, string>)}"`;

/** Adds an entry (already validated) after the others. */
export function createEntry<Input extends ProofInput>(
  db: DB,
  actor: Actor,
  kind: ProofKind,
  input: Input,
): Promise<Entry<Input>> {
  const spec = COLLECTIONS[kind];
  return runCommand(db, actor, async (trx) => {
    const row = await insertRow(trx, spec.table, spec.idPrefix, columnsOf(kind, input));
    return {
      result: entryOf<Input>(kind, row),
      audit: {
        action: "create",
        entityType: spec.entityType,
        entityId: row.id,
        summary: `Added the ${spec.noun} ${describe(kind, input)} (${input.status})`,
      },
      publicChange: isPublic(row),
    };
  });
}

/** Replaces an entry's fields (already validated); false when it no longer exists. */
export function updateEntry(
  db: DB,
  actor: Actor,
  kind: ProofKind,
  id: string,
  input: ProofInput,
): Promise<boolean> {
  const spec = COLLECTIONS[kind];
  return runCommand(db, actor, async (trx) => {
    const before = await getRow(trx, spec.table, id);
    if (!before || !(await updateRow(trx, spec.table, id, columnsOf(kind, input)))) {
      return { result: false };
    }
    return {
      result: true,
      audit: {
        action: "update",
        entityType: spec.entityType,
        entityId: id,
        summary: `Updated the ${spec.noun} ${describe(kind, input)} (${input.status})`,
      },
      publicChange: isPublic(before) || isPublic(input),
    };
  });
}

/** Publishes an entry or takes it off the site; false when it no longer exists. */
export function setEntryStatus(
  db: DB,
  actor: Actor,
  kind: ProofKind,
  id: string,
  status: ProofStatus,
): Promise<boolean> {
  const spec = COLLECTIONS[kind];
  return runCommand(db, actor, async (trx) => {
    const row = await getRow(trx, spec.table, id);
    if (!row) return { result: false };
    // Already so: nothing changes, nothing is recorded.
    if (row.status === status) return { result: true };
    await setRowStatus(trx, spec.table, id, status);
    return {
      result: true,
      audit: {
        action: "status",
        entityType: spec.entityType,
        entityId: id,
        summary: `${status === "published" ? "Published" : "Unpublished"} the ${spec.noun} ${describe(kind, row)}`,
      },
      publicChange: true,
    };
  });
}

/**
 * Moves an entry one place up or down in the staff's order; false when it no longer exists or
 * has no neighbour that way. The public order changes only when both entries are published.
 */
export function moveEntry(
  db: DB,
  actor: Actor,
  kind: ProofKind,
  id: string,
  direction: "up" | "down",
): Promise<boolean> {
  const spec = COLLECTIONS[kind];
  return runCommand(db, actor, async (trx) => {
    const row = await getRow(trx, spec.table, id);
    const passed = row ? await moveRow(trx, spec.table, id, direction) : null;
    if (!row || !passed) return { result: false };
    return {
      result: true,
      audit: {
        action: "reorder",
        entityType: spec.entityType,
        entityId: id,
        summary: `Moved the ${spec.noun} ${describe(kind, row)} ${direction}`,
      },
      publicChange: isPublic(row) && isPublic(passed),
    };
  });
}

/** Deletes an entry; false when it no longer exists. */
export function deleteEntry(db: DB, actor: Actor, kind: ProofKind, id: string): Promise<boolean> {
  const spec = COLLECTIONS[kind];
  return runCommand(db, actor, async (trx) => {
    const row = await getRow(trx, spec.table, id);
    if (!row || !(await deleteRow(trx, spec.table, id))) return { result: false };
    return {
      result: true,
      audit: {
        action: "delete",
        entityType: spec.entityType,
        entityId: id,
        summary: `Deleted the ${spec.noun} ${describe(kind, row)}`,
      },
      publicChange: isPublic(row),
    };
  });
}
