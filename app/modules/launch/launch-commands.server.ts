import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import type { MailSetup } from "./launch-checklist.server";
import { insertDismissal } from "./launch-dismissals.server";
import { LAUNCH_ITEM_TITLES, type LaunchItemId } from "./launch-items";
import { launchTestMail } from "./test-mail.server";

/*
 * The launch checklist's two writes (issue 24): dismissing an item, and queueing a test mail to
 * the staff member who asks. Neither changes a public page.
 */

/** Dismisses an item for everyone; false (and nothing recorded) when it was dismissed already. */
export function dismissLaunchItem(db: DB, actor: Actor, item: LaunchItemId): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const dismissed = await insertDismissal(trx, item, actor);
    if (!dismissed) return { result: false };
    return {
      result: true,
      audit: {
        action: "update",
        entityType: "launch_checklist",
        entityId: item,
        summary: `Dismissed "${LAUNCH_ITEM_TITLES[item]}" from the launch checklist`,
      },
    };
  });
}

export interface TestMailReceipt {
  to: string;
  from: string;
  /** False when SMTP is not configured: the worker logs the mail instead of sending it. */
  leavesTheServer: boolean;
}

/**
 * Queues a test mail to the signed-in staff member's own address, through the outbox like every
 * other mail, so it takes the path a visitor's confirmation takes (worker, transport, sender).
 */
export function sendLaunchTestMail(
  db: DB,
  actor: Actor,
  input: { to: string; mail: MailSetup; baseUrl: string },
): Promise<TestMailReceipt> {
  return runCommand(db, actor, async (trx) => {
    const settings = await getGeneralSettings(trx);
    await enqueueMail(
      trx,
      await launchTestMail({
        to: input.to,
        name: actor.name,
        from: input.mail.from,
        siteName: settings.siteName,
        baseUrl: input.baseUrl,
      }),
    );
    return {
      result: { to: input.to, from: input.mail.from, leavesTheServer: input.mail.smtpConfigured },
      audit: {
        action: "create",
        entityType: "mail",
        entityId: null,
        summary: `Sent a test mail to ${input.to} from ${input.mail.from}`,
      },
    };
  });
}
