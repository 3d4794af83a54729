import type { DB } from "~/db/client.server";
import { countOf } from "~/lib/format";
import { runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { WEBSITE_VISITOR } from "~/modules/forms/public-form.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { renderNoticeHtml, visitorBrand } from "~/modules/mail/templates/notice-mail";
import { ledgerEmail, recordConsent } from "~/modules/privacy/consent-ledger.server";
import {
  CV_POOL_MONTHS,
  CV_POOL_RENEWAL_DAYS,
  cvPoolUntilFrom,
  renewButtonWords,
} from "~/modules/privacy/purposes";
import { getGeneralSettings } from "~/modules/settings/settings.server";

/*
 * The CV pool's renewal (DPDP Act 2023 s.8(7); Rules 2025 r.8; decision 0061): CV_POOL_RENEWAL_DAYS
 * before a pooled CV's consent lapses, its candidate gets one mail asking whether to keep it
 * (the withdraw link every visitor mail ends with opens the page with "Keep" and "Withdraw").
 * Not renewed, the CV goes with its application under the retention period.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Mails every candidate whose CV-pool consent lapses within the notice days, once. */
export async function sendCvPoolRenewals(
  db: DB,
  options: { baseUrl: string; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const dueBy = new Date(now.getTime() + CV_POOL_RENEWAL_DAYS * DAY_MS).toISOString();
  const settings = await getGeneralSettings(db);
  return runCommand(db, SYSTEM_ACTOR, async (trx) => {
    const due = await trx
      .selectFrom("applications")
      .select(["id", "email", "fullName", "careerTitle", "cvPoolUntil"])
      .where("cvPoolUntil", "is not", null)
      .where("cvPoolUntil", ">", now.toISOString())
      .where("cvPoolUntil", "<=", dueBy)
      .where("cvPoolRenewalSentAt", "is", null)
      .orderBy("cvPoolUntil")
      .execute();
    for (const application of due) {
      const until = (application.cvPoolUntil ?? "").slice(0, 10);
      const subject = `Shall we keep your CV? (${settings.siteName})`;
      const body = [
        `Dear ${application.fullName},`,
        `When you applied for ${application.careerTitle}, you asked us to keep your CV for future roles. That consent ends on ${until}; after that your CV is deleted with your application.`,
        `To keep it for another ${CV_POOL_MONTHS} months, or to withdraw now, use the link at the end of this e-mail. If you do nothing, we delete it.`,
      ];
      await enqueueMail(
        trx,
        {
          kind: "cv_pool_renewal",
          to: application.email,
          replyTo: settings.email,
          subject,
          text: body.join("\n\n"),
          html: await renderNoticeHtml({
            title: subject,
            preview: body[1] ?? subject,
            brand: visitorBrand(settings, options.baseUrl),
            paragraphs: body,
          }),
          personEmail: ledgerEmail(application.email),
          relatedId: application.id,
        },
        now,
      );
      await trx
        .updateTable("applications")
        .set({ cvPoolRenewalSentAt: now.toISOString() })
        .where("id", "=", application.id)
        .execute();
    }
    if (due.length === 0) return { result: 0 };
    return {
      result: due.length,
      audit: {
        action: "remind",
        entityType: "consent",
        entityId: null,
        summary: `Asked ${countOf(due.length, "candidate", "candidates")} whether to keep their CV for future roles`,
      },
    };
  });
}

/** Keeps the address's pooled CVs for CV_POOL_MONTHS more, recorded in the ledger. */
export async function renewCvPool(
  db: DB,
  input: { email: string; now?: Date },
): Promise<"renewed" | "not_pooled"> {
  const email = ledgerEmail(input.email);
  const now = input.now ?? new Date();
  return runCommand(db, WEBSITE_VISITOR, async (trx) => {
    const renewed = await trx
      .updateTable("applications")
      // A notice of deletion already sent no longer holds: the next one goes before the new end.
      .set({
        cvPoolUntil: cvPoolUntilFrom(now),
        cvPoolRenewalSentAt: null,
        retentionNoticeSentAt: null,
      })
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .where("cvPoolUntil", ">", now.toISOString())
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 0) return { result: "not_pooled" as const };
    await recordConsent(trx, {
      email,
      purpose: "cv_pool",
      action: "given",
      form: "renewal",
      words: renewButtonWords(),
      at: now.toISOString(),
    });
    return {
      result: "renewed" as const,
      audit: {
        action: "renew",
        entityType: "consent",
        entityId: email,
        summary: `${email} renewed consent: keeping the CV for future roles`,
      },
    };
  });
}
