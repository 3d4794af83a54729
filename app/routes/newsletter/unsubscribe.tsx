import type { Subscriber } from "~/modules/newsletter/newsletter.schema";
import { findSubscriberByToken, unsubscribeByToken } from "~/modules/newsletter/newsletter.server";
import { NEWSLETTER_UNSUBSCRIBE_PATH } from "~/modules/newsletter/newsletter-form";
import type { RouteHandle } from "~/root";
import { assertSameOrigin } from "~/web/guards.server";
import { isOneClickUnsubscribe } from "~/web/one-click-unsubscribe.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/unsubscribe";
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
 * Leaving the newsletter. Opening the link (GET) shows the address and an "Unsubscribe" button
 * and changes nothing: mail scanners and link previews open links. Two POSTs unsubscribe:
 * - the button, a form post accepted from this site only;
 * - the one-click POST of RFC 8058 (List-Unsubscribe-Post in every newsletter mail), body
 *   "List-Unsubscribe=One-Click", which mail providers send from their own servers or pages, so
 *   it is not held to this site's origin. The token in the URL is what authorises both.
 */

const PATH = NEWSLETTER_UNSUBSCRIBE_PATH;

/** Per-address page (its token is in the URL): never stored by the page cache. */
export const handle: RouteHandle = { pageCache: false };

type UnsubscribeState = "subscribed" | "unsubscribed" | "already_unsubscribed" | "invalid";

const answer = (state: UnsubscribeState, token: string, subscriber?: Subscriber) =>
  linkPageAnswer(state, token, subscriber);

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const subscriber = await findSubscriberByToken(runtimeFrom(context).db, token);
  const state: UnsubscribeState = !subscriber
    ? "invalid"
    : subscriber.status === "unsubscribed"
      ? "already_unsubscribed"
      : "subscribed";
  return answer(state, token, subscriber);
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  // The button's form post is accepted from this site only; the one-click POST from anywhere.
  if (!(await isOneClickUnsubscribe(request))) assertSameOrigin({ request, context });
  const left = await unsubscribeByToken(runtimeFrom(context).db, token);
  if (!left) return answer("invalid", token);
  return answer(left.outcome, token, left.subscriber);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  newsletterMeta(matches, "Unsubscribe", PATH);

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token, email } = actionData ?? loaderData;
  const siteName = useSiteName();
  switch (state) {
    case "invalid":
      return (
        <NewsletterPageShell title="Link not valid">
          <p>
            This unsubscribe link is not valid or has expired. Please use the link from our most
            recent e-mail, or write to us and we will remove your address.
          </p>
        </NewsletterPageShell>
      );
    case "subscribed":
      return (
        <NewsletterPageShell title="Unsubscribe from the newsletter">
          <p>
            Press the button to stop sending the {siteName} newsletter to {email}.
          </p>
          <LinkActionForm action={tokenAction(PATH, token)} label="Unsubscribe" />
        </NewsletterPageShell>
      );
    case "already_unsubscribed":
      return (
        <NewsletterPageShell title="Already unsubscribed">
          <p>{email} is no longer on the newsletter list. There is nothing more to do.</p>
          <p>You can subscribe again at any time on our website.</p>
        </NewsletterPageShell>
      );
    default:
      return (
        <NewsletterPageShell title="You are unsubscribed">
          <p>{email} will not receive the newsletter any more.</p>
          <p>Sorry to see you go. You can subscribe again at any time on our website.</p>
        </NewsletterPageShell>
      );
  }
}
