import type { DB } from "~/db/client.server";
import { countOf } from "~/lib/format";
import { formatIndiaDateTime } from "~/lib/india-format";
import { runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { renderNoticeHtml, visitorBrand } from "~/modules/mail/templates/notice-mail";
import { privacyAddressOf } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import {
  expiredBy,
  monthsBefore,
  RETENTION_NOTICE_HOURS,
  RETENTION_NOTICE_MS,
} from "./application-retention.server";

/*
 * The notice before retention deletes an application (DPDP Rules 2025 r.8(2): the Data Principal
 * is told at least 48 hours before her data is erased at the end of its period; decision 0063).
 * Run by the retention job before each purge: every application whose period ends within the
 * notice hours gets one mail, claimed in the transaction that queues it (the conditional update
 * of `retentionNoticeSentAt`), so two instances running at once send it once. The purge deletes
 * only applications whose notice is RETENTION_NOTICE_HOURS old.
 */

/** When the application's period ends: its months after arrival, or a pooled CV's consent. */
function periodEnd(submittedAt: string, cvPoolUntil: string | null, months: number): Date {
  const end = monthsBefore(new Date(submittedAt), -months);
  return cvPoolUntil && new Date(cvPoolUntil) > end ? new Date(cvPoolUntil) : end;
}

/** Mails each candidate whose application is deleted within the notice hours, once. */
export async function sendRetentionNotices(
  db: DB,
  options: { baseUrl: string; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const settings = await getGeneralSettings(db);
  const months = settings.applicationRetentionMonths;
  const horizon = new Date(now.getTime() + RETENTION_NOTICE_MS);
  return runCommand(db, SYSTEM_ACTOR, async (trx) => {
    const due = await expiredBy(trx, horizon, months)
      .select(["id", "email", "fullName", "careerTitle", "submittedAt", "cvPoolUntil"])
      .where("retentionNoticeSentAt", "is", null)
      .where("spamReason", "is", null)
      .orderBy("submittedAt")
      .orderBy("id")
      .execute();
    let sent = 0;
    for (const application of due) {
      const claimed = await trx
        .updateTable("applications")
        .set({ retentionNoticeSentAt: now.toISOString() })
        .where("id", "=", application.id)
        .where("retentionNoticeSentAt", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      // Never sooner than the notice hours from now, whatever the period says.
      const end = periodEnd(application.submittedAt, application.cvPoolUntil, months);
      const erasedFrom = end > horizon ? end : horizon;
      const subject = `Your application will be deleted on ${formatIndiaDateTime(erasedFrom)} (${settings.siteName})`;
      const contact = privacyAddressOf(settings);
      const body = [
        `Dear ${application.fullName},`,
        `You applied for ${application.careerTitle} on ${formatIndiaDateTime(application.submittedAt)}. We keep applications and the CVs sent with them for ${countOf(months, "month", "months")}, as our privacy notice says.`,
        `Your application and your CV will be deleted from ${formatIndiaDateTime(erasedFrom)}. We tell you at least ${RETENTION_NOTICE_HOURS} hours before, so that you can write to us first if you wish.`,
        `To ask a question, ask for a copy of your data, or tell us you are still interested in working with us, write to ${contact} before then.`,
      ];
      await enqueueMail(
        trx,
        {
          kind: "application_retention_notice",
          to: application.email,
          replyTo: contact,
          subject,
          text: body.join("\n\n"),
          html: await renderNoticeHtml({
            title: subject,
            preview: body[2] ?? subject,
            brand: visitorBrand(settings, options.baseUrl),
            paragraphs: body,
          }),
          personEmail: application.email.trim().toLowerCase(),
          relatedId: application.id,
        },
        now,
      );
      sent += 1;
    }
    if (sent === 0) return { result: 0 };
    return {
      result: sent,
      audit: {
        action: "remind",
        entityType: "application",
        entityId: null,
        summary: `Told ${countOf(sent, "candidate", "candidates")} that their application will be deleted in ${RETENTION_NOTICE_HOURS} hours (retention period)`,
      },
    };
  });
}
