import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { nowIso } from "~/lib/time";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import type { PersonNoteInput, PersonTagInput } from "./people.schema";

/*
 * Staff notes and tags on a person (issue 26), through runCommand with an audit entry each. The
 * audit names the person by record id, never by address. A command that finds no person (erased
 * meanwhile) or nothing to change records nothing.
 */

export type PersonCommandResult = "done" | "unchanged" | "missing";

async function exists(trx: DB, personId: string) {
  return Boolean(
    await trx.selectFrom("people").select("id").where("id", "=", personId).executeTakeFirst(),
  );
}

export function addPersonNote(
  db: DB,
  actor: Actor,
  personId: string,
  input: PersonNoteInput,
): Promise<PersonCommandResult> {
  return runCommand(db, actor, async (trx) => {
    if (!(await exists(trx, personId))) return { result: "missing" };
    const id = sortableId("pnote");
    await trx
      .insertInto("personNotes")
      .values({
        id,
        personId,
        authorId: actor.id,
        authorName: actor.name,
        body: input.body,
        createdAt: nowIso(),
      })
      .execute();
    return {
      result: "done",
      audit: {
        action: "note",
        entityType: "person",
        entityId: personId,
        summary: "Added a note to a person",
      },
    };
  });
}

export function addPersonTag(
  db: DB,
  actor: Actor,
  personId: string,
  input: PersonTagInput,
): Promise<PersonCommandResult> {
  return runCommand(db, actor, async (trx) => {
    if (!(await exists(trx, personId))) return { result: "missing" };
    const inserted = await trx
      .insertInto("personTags")
      .values({ personId, tag: input.tag, createdAt: nowIso() })
      .onConflict((oc) => oc.columns(["personId", "tag"]).doNothing())
      .returning("tag")
      .executeTakeFirst();
    if (!inserted) return { result: "unchanged" };
    return {
      result: "done",
      audit: {
        action: "tag",
        entityType: "person",
        entityId: personId,
        summary: `Tagged a person "${input.tag}"`,
      },
    };
  });
}

export function removePersonTag(
  db: DB,
  actor: Actor,
  personId: string,
  input: PersonTagInput,
): Promise<PersonCommandResult> {
  return runCommand(db, actor, async (trx) => {
    const removed = await trx
      .deleteFrom("personTags")
      .where("personId", "=", personId)
      .where("tag", "=", input.tag)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return { result: "unchanged" };
    return {
      result: "done",
      audit: {
        action: "untag",
        entityType: "person",
        entityId: personId,
        summary: `Removed the tag "${input.tag}" from a person`,
      },
    };
  });
}
