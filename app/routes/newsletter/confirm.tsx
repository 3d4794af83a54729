import { Link } from "react-router";
import type { Subscriber } from "~/modules/newsletter/newsletter.schema";
import { confirmByToken, findSubscriberByToken } from "~/modules/newsletter/newsletter.server";
import {
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
} from "~/modules/newsletter/newsletter-form";
import type { RouteHandle } from "~/root";
import { assertSameOrigin } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/confirm";
import {
  LinkActionForm,
  linkPageAnswer,
  NewsletterPageShell,
  newsletterMeta,
  tokenAction,
  tokenOf,
  useSiteName,
} from "./page-shell";

/*
 * The link in the confirmation e-mail. Opening it (GET) shows the address and a "Confirm
 * subscription" button and changes nothing: mail scanners and link previews open links, and must
 * not sign anyone up. Pressing the button (POST, from this site only) confirms.
 */

const PATH = NEWSLETTER_CONFIRM_PATH;

/** Per-address page (its token is in the URL): never stored by the page cache. */
export const handle: RouteHandle = { pageCache: false };

type ConfirmState = "pending" | "confirmed" | "already_confirmed" | "unsubscribed" | "invalid";

const answer = (state: ConfirmState, token: string, subscriber?: Subscriber) =>
  linkPageAnswer(state, token, subscriber);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = runtimeFrom(context);
  const token = tokenOf(request);
  const subscriber = await findSubscriberByToken(db, token);
  const state: ConfirmState = !subscriber
    ? "invalid"
    : subscriber.status === "pending"
      ? "pending"
      : subscriber.status === "subscribed"
        ? "already_confirmed"
        : "unsubscribed";
  return answer(state, token, subscriber);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = runtimeFrom(context);
  const token = tokenOf(request);
  assertSameOrigin({ request, context });
  const confirmed = await confirmByToken(db, token);
  if (!confirmed) return answer("invalid", token);
  return answer(confirmed.outcome, token, confirmed.subscriber);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  newsletterMeta(matches, "Newsletter subscription", PATH);

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token, email } = actionData ?? loaderData;
  const siteName = useSiteName();
  switch (state) {
    case "invalid":
      return (
        <NewsletterPageShell title="Link not valid">
          <p>
            This confirmation link is not valid or has expired. Please use the newest link we sent
            you, or sign up again with the newsletter form on our website.
          </p>
        </NewsletterPageShell>
      );
    case "unsubscribed":
      return (
        <NewsletterPageShell title="You are unsubscribed">
          <p>
            {email} has left the newsletter, so this link no longer subscribes it. To subscribe
            again, use the newsletter form on our website.
          </p>
        </NewsletterPageShell>
      );
    case "pending":
      return (
        <NewsletterPageShell title="Confirm your subscription">
          <p>
            Press the button to confirm that {email} should receive the {siteName} newsletter.
          </p>
          <p>If you did not sign up, close this page: nothing will be sent.</p>
          <LinkActionForm action={tokenAction(PATH, token)} label="Confirm my subscription" />
        </NewsletterPageShell>
      );
    default: {
      const confirmedNow = state === "confirmed";
      return (
        <NewsletterPageShell
          title={confirmedNow ? "Subscription confirmed" : "Subscription already confirmed"}
        >
          <p>
            {confirmedNow
              ? `Thank you! ${email} will receive the ${siteName} newsletter.`
              : `${email} already receives the ${siteName} newsletter. There is nothing more to do.`}
          </p>
          <p>
            Changed your mind?{" "}
            <Link
              to={tokenAction(NEWSLETTER_UNSUBSCRIBE_PATH, token)}
              className="font-medium text-blue-700 underline"
            >
              Unsubscribe
            </Link>
          </p>
        </NewsletterPageShell>
      );
    }
  }
}
