import { data } from "react-router";
import { unsubscribeUrlOf } from "~/modules/mail/templates.server";
import { confirmByToken } from "~/modules/newsletter/newsletter.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/confirm";
import { NewsletterPageShell, noindex } from "./page-shell";

/** The link in the confirmation e-mail: a pending sign-up becomes a subscription. Idempotent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = runtimeFrom(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [settings, subscriber] = await Promise.all([
    getGeneralSettings(db),
    confirmByToken(db, token),
  ]);
  const state = !subscriber
    ? "unknown"
    : subscriber.status === "unsubscribed"
      ? "unsubscribed"
      : "confirmed";
  return data(
    {
      siteName: settings.siteName,
      state,
      email: subscriber?.email ?? "",
      unsubscribeUrl: subscriber ? unsubscribeUrlOf(config.baseUrl, subscriber) : "",
    } as const,
    { status: state === "unknown" ? 404 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Newsletter subscription | ${loaderData?.siteName ?? ""}` },
  noindex,
];

export default function ConfirmSubscription({ loaderData }: Route.ComponentProps) {
  const { siteName, state, email, unsubscribeUrl } = loaderData;
  if (state === "unknown") {
    return (
      <NewsletterPageShell siteName={siteName} title="Link not valid">
        <p>
          This confirmation link is not valid. Please use the newest link we sent you, or sign up
          again.
        </p>
      </NewsletterPageShell>
    );
  }
  if (state === "unsubscribed") {
    return (
      <NewsletterPageShell siteName={siteName} title="You are unsubscribed">
        <p>
          {email} has left the newsletter, so this link no longer subscribes it. To subscribe again,
          use the newsletter form on our website.
        </p>
      </NewsletterPageShell>
    );
  }
  return (
    <NewsletterPageShell siteName={siteName} title="Subscription confirmed">
      <p>
        Thank you! {email} will receive the {siteName} newsletter.
      </p>
      <p>
        Changed your mind?{" "}
        <a href={unsubscribeUrl} className="font-medium text-blue-700 underline">
          Unsubscribe
        </a>
      </p>
    </NewsletterPageShell>
  );
}
