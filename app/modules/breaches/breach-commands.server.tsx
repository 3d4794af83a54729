import type { DB } from "~/db/client.server";
import { countOf } from "~/lib/format";
import { sortableId } from "~/lib/ids";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { renderNoticeHtml, visitorBrand } from "~/modules/mail/templates/notice-mail";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import type { AffectedPerson, BreachInput } from "./breach.schema";
import { breachNotice } from "./breach-texts";
import { firmContactOf } from "./breaches.server";

/*
 * The breach register's writes (issue 27, decision 0063), each a command with its audit entry:
 * any staff member records a breach, corrects it and adds the people affected (the sooner it is
 * written down, the sooner the clock is seen); an admin approves the notice, which then goes to
 * every affected person not yet told, through the outbox (Act s.8(6); Rules 2025 r.7(1)), and
 * records when the detailed report reached the Board (r.7(2)(b)). Breach records are not public.
 */

export async function recordBreach(
  db: DB,
  actor: Actor,
  input: BreachInput,
  now: Date = new Date(),
): Promise<string> {
  const id = sortableId("breach");
  const at = now.toISOString();
  return runCommand(db, actor, async (trx) => {
    await trx
      .insertInto("breaches")
      .values({
        id,
        ...input,
        discoveredAt: input.discoveredAt as string,
        noticeSubject: null,
        noticeText: null,
        noticeApprovedAt: null,
        noticeApprovedByName: null,
        boardReportedAt: null,
        createdAt: at,
        createdByName: actor.name,
        updatedAt: at,
      })
      .execute();
    return {
      result: id,
      audit: {
        action: "create",
        entityType: "breach",
        entityId: id,
        summary: `Recorded a personal data breach: ${input.title}`,
      },
    };
  });
}

/** Saves the record's corrections; false when there is no such breach. */
export async function updateBreach(
  db: DB,
  actor: Actor,
  id: string,
  input: BreachInput,
  now: Date = new Date(),
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const updated = await trx
      .updateTable("breaches")
      .set({ ...input, discoveredAt: input.discoveredAt as string, updatedAt: now.toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { result: false };
    return {
      result: true,
      audit: {
        action: "update",
        entityType: "breach",
        entityId: id,
        summary: `Updated the record of the breach: ${input.title}`,
      },
    };
  });
}

/** Adds the people (an address already listed is left as it is); how many were new, or undefined. */
export async function addAffectedPeople(
  db: DB,
  actor: Actor,
  id: string,
  people: AffectedPerson[],
): Promise<number | undefined> {
  return runCommand(db, actor, async (trx) => {
    const breach = await trx
      .selectFrom("breaches")
      .select("title")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!breach) return { result: undefined };
    const listed = new Set(
      (
        await trx.selectFrom("breachAffected").select("email").where("breachId", "=", id).execute()
      ).map((row) => row.email),
    );
    const fresh = people.filter((person) => !listed.has(person.email));
    for (const person of fresh) {
      await trx
        .insertInto("breachAffected")
        .values({ breachId: id, email: person.email, name: person.name, notifiedAt: null })
        // Another staff member adding the same address at once: theirs stands.
        .onConflict((oc) => oc.columns(["breachId", "email"]).doNothing())
        .execute();
    }
    const added = fresh.length;
    if (added === 0) return { result: 0 };
    return {
      result: added,
      audit: {
        action: "update",
        entityType: "breach",
        entityId: id,
        summary: `Added ${countOf(added, "person", "people")} affected by the breach: ${breach.title}`,
      },
    };
  });
}

export type ApproveOutcome =
  | { kind: "queued"; count: number }
  | { kind: "nobody" }
  | { kind: "missing" };

/**
 * Approves the notice as the record now reads and queues it to every affected person not yet
 * told, each claimed in this transaction (a second approval, or two admins at once, never mails
 * anyone twice; people added later get it at the next approval). Keeps the words sent.
 */
export async function approveBreachNotice(
  db: DB,
  actor: Actor,
  id: string,
  options: { baseUrl: string; now?: Date },
): Promise<ApproveOutcome> {
  const now = options.now ?? new Date();
  const settings = await getGeneralSettings(db);
  return runCommand<ApproveOutcome>(db, actor, async (trx) => {
    const breach = await trx
      .selectFrom("breaches")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!breach) return { result: { kind: "missing" } };
    const waiting = await trx
      .selectFrom("breachAffected")
      .select(["email"])
      .where("breachId", "=", id)
      .where("notifiedAt", "is", null)
      .orderBy("email")
      .execute();
    if (waiting.length === 0) return { result: { kind: "nobody" } };
    const firm = firmContactOf(settings);
    const notice = breachNotice(breach, firm);
    const paragraphs = notice.text.split("\n\n");
    const html = await renderNoticeHtml({
      title: notice.subject,
      preview: paragraphs[1] ?? notice.subject,
      brand: visitorBrand(settings, options.baseUrl),
      paragraphs,
    });
    let count = 0;
    for (const { email } of waiting) {
      const claimed = await trx
        .updateTable("breachAffected")
        .set({ notifiedAt: now.toISOString() })
        .where("breachId", "=", id)
        .where("email", "=", email)
        .where("notifiedAt", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      await enqueueMail(
        trx,
        {
          kind: "breach_notice",
          to: email,
          replyTo: firm.privacyEmail,
          subject: notice.subject,
          text: notice.text,
          html,
          personEmail: email,
          relatedId: id,
        },
        now,
      );
      count += 1;
    }
    await trx
      .updateTable("breaches")
      .set({
        noticeSubject: notice.subject,
        noticeText: notice.text,
        noticeApprovedAt: breach.noticeApprovedAt ?? now.toISOString(),
        noticeApprovedByName: actor.name,
        updatedAt: now.toISOString(),
      })
      .where("id", "=", id)
      .execute();
    return {
      result: { kind: "queued", count },
      audit: {
        action: "approve",
        entityType: "breach",
        entityId: id,
        summary: `Approved the breach notice and sent it to ${countOf(count, "person", "people")}: ${breach.title}`,
      },
    };
  });
}

/** Records that the detailed report reached the Board (once); false when there is no such breach. */
export async function recordBoardReport(
  db: DB,
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const breach = await trx
      .selectFrom("breaches")
      .select(["title", "boardReportedAt"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!breach) return { result: false };
    if (breach.boardReportedAt) return { result: true };
    await trx
      .updateTable("breaches")
      .set({ boardReportedAt: now.toISOString(), updatedAt: now.toISOString() })
      .where("id", "=", id)
      .execute();
    return {
      result: true,
      audit: {
        action: "report",
        entityType: "breach",
        entityId: id,
        summary: `Recorded the report to the Data Protection Board: ${breach.title}`,
      },
    };
  });
}
