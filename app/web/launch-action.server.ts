import { type ActionFunctionArgs, data } from "react-router";
import type { AppConfig } from "~/config.server";
import { staffActor } from "~/modules/commands/command.server";
import { launchActionSchema } from "~/modules/launch/launch.schema";
import type { MailSetup } from "~/modules/launch/launch-checklist.server";
import { dismissLaunchItem, sendLaunchTestMail } from "~/modules/launch/launch-commands.server";
import { LAUNCH_ITEM_TITLES } from "~/modules/launch/launch-items";
import { wakeOutbox } from "~/modules/mail/worker.server";
import { requireAdmin } from "./guards.server";
import { parseForm } from "./parse-form";
import { requireForm } from "./read-form.server";
import { runtimeFrom } from "./request-context";

/*
 * The dashboard's launch checklist posts here (issue 24): dismiss an item, or queue a test mail
 * to the signed-in admin. Admins only; editors see the list without its buttons.
 */

/** How this server sends mail, as the checklist reads it. */
export const mailSetupOf = (config: Pick<AppConfig, "mail">): MailSetup => ({
  smtpConfigured: Boolean(config.mail.smtpUrl),
  from: config.mail.from,
});

export async function launchChecklistAction({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const parsed = parseForm(launchActionSchema, await requireForm(request));
  const item = parsed.success ? parsed.data.item : "";
  if (!parsed.success || (parsed.data.intent === "dismiss" && item === "")) {
    const errors = parsed.success ? {} : parsed.errors;
    return data(
      {
        ok: false,
        message: errors.intent ?? errors.item ?? "Choose an item of the launch checklist",
      },
      { status: 400 },
    );
  }
  const { db, config } = runtimeFrom(context);
  if (parsed.data.intent === "test-mail") {
    const receipt = await sendLaunchTestMail(db, staffActor(user), {
      to: user.email,
      mail: mailSetupOf(config),
      baseUrl: config.baseUrl,
    });
    wakeOutbox();
    return {
      ok: true,
      message: receipt.leavesTheServer
        ? `A test mail is on its way to ${receipt.to}, from ${receipt.from}. If it has not arrived within a few minutes, look in the spam folder and under E-mail delivery below.`
        : `A test mail to ${receipt.to} was queued, but SMTP_URL is not set: the server writes it to its log instead of sending it. Set SMTP_URL and MAIL_FROM, restart, and send another.`,
    };
  }
  if (item === "") throw new Error("unreachable: a dismissal without its item");
  const dismissed = await dismissLaunchItem(db, staffActor(user), item);
  return {
    ok: true,
    message: dismissed
      ? `"${LAUNCH_ITEM_TITLES[item]}" is dismissed from the launch checklist.`
      : `"${LAUNCH_ITEM_TITLES[item]}" was already dismissed.`,
  };
}
