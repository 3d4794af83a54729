import { data } from "react-router";
import { unsubscribeByToken } from "~/modules/newsletter/newsletter.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/unsubscribe";
import { NewsletterPageShell, noindex } from "./page-shell";

/**
 * Leaving the newsletter, in one click and idempotently: opening the link (GET) unsubscribes, and
 * so does the one-click POST that mail programs send (RFC 8058, List-Unsubscribe-Post).
 */
async function unsubscribe({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { db } = runtimeFrom(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [settings, subscriber] = await Promise.all([
    getGeneralSettings(db),
    unsubscribeByToken(db, token),
  ]);
  return data(
    { siteName: settings.siteName, found: Boolean(subscriber), email: subscriber?.email ?? "" },
    { status: subscriber ? 200 : 404, headers: { "Cache-Control": "no-store" } },
  );
}

export const loader = (args: Route.LoaderArgs) => unsubscribe(args);
export const action = (args: Route.ActionArgs) => unsubscribe(args);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Unsubscribe | ${loaderData?.siteName ?? ""}` },
  noindex,
];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { siteName, found, email } = actionData ?? loaderData;
  if (!found) {
    return (
      <NewsletterPageShell siteName={siteName} title="Link not valid">
        <p>
          This unsubscribe link is not valid. Please use the link from our most recent e-mail, or
          write to us and we will remove your address.
        </p>
      </NewsletterPageShell>
    );
  }
  return (
    <NewsletterPageShell siteName={siteName} title="You are unsubscribed">
      <p>{email} will not receive the newsletter any more.</p>
      <p>Sorry to see you go. You can subscribe again at any time on our website.</p>
    </NewsletterPageShell>
  );
}
