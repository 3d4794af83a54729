import { NewsletterForm } from "~/components/newsletter-form";
import { newsletterEmailConstraint } from "~/modules/newsletter/newsletter.schema";
import type { NewsletterResult } from "~/modules/newsletter/newsletter-form";
import { newsletterPageAction } from "~/web/newsletter-action.server";
import type { Route } from "./+types/subscribe";
import { NewsletterPageShell, newsletterMeta } from "./page-shell";

/** The same for every visitor (what a post typed comes back from the action, never stored). */
export function loader() {
  return { newsletterEmail: newsletterEmailConstraint() };
}

/** A newsletter form posted without JavaScript (app/web/newsletter-action.server.ts). */
export const action = (args: Route.ActionArgs) => newsletterPageAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  newsletterMeta(matches, "Newsletter", "/newsletter");

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const result: NewsletterResult | undefined = actionData?.result;
  const returnTo = actionData?.returnTo ?? "/";
  return (
    <NewsletterPageShell title="Newsletter">
      <p>Insights on compensation and benefits, by e-mail. No spam. Unsubscribe anytime.</p>
      <NewsletterForm
        id="newsletter-page-form"
        source={actionData?.source || "newsletter-page"}
        buttonLabel="Subscribe"
        defaultEmail={actionData?.email}
        initialResult={result}
        returnTo={actionData ? returnTo : "/newsletter"}
        emailConstraint={loaderData.newsletterEmail}
      />
      {actionData && returnTo !== "/" ? (
        <p>
          <a href={returnTo} className="font-medium text-blue-700 underline">
            Back to the page you were on
          </a>
        </p>
      ) : null}
    </NewsletterPageShell>
  );
}
