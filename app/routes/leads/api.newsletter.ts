import { leadMailOptions } from "~/modules/mail/options.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import { NEWSLETTER_MESSAGES } from "~/modules/newsletter/newsletter-form";
import { signUpFromForm } from "~/modules/newsletter/sign-up.server";
import { readForm } from "~/web/read-form.server";
import { clientAddressContext, runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/api.newsletter";

const notAllowed = () =>
  Response.json({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });

/**
 * POST /api/newsletter: the newsletter forms post here when JavaScript runs and show the JSON
 * answer in place. Without JavaScript they post to /newsletter instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return notAllowed();
  const form = await readForm(request);
  if (!form) {
    return Response.json(
      { status: "invalid", message: NEWSLETTER_MESSAGES.invalid },
      { status: 400 },
    );
  }
  const { db, config } = runtimeFrom(context);
  const outcome = await signUpFromForm(db, form, {
    secret: config.authSecret,
    clientAddress: context.get(clientAddressContext),
    mail: leadMailOptions(config),
  });
  if (outcome.queuedMail) wakeOutbox();
  return Response.json(outcome.result, {
    status: outcome.httpStatus,
    headers: { "Cache-Control": "no-store" },
  });
}

export const loader = notAllowed;
