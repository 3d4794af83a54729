import type { ReactNode } from "react";
import { data, Form, Link, useMatches, useNavigation } from "react-router";
import { container, PageHero, primaryButton } from "~/components/site/ui";
import { publicMeta, siteFromMatches } from "~/lib/seo";
import type { Subscriber } from "~/modules/newsletter/newsletter.schema";

/*
 * The newsletter's own pages (sign-up result, confirmation, unsubscribe) inside the public layout:
 * the site's header and footer, an opening band with the page's heading, the message, a way back.
 * They are reached from e-mails and form posts, never from search: all are noindex.
 */

export function NewsletterPageShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHero eyebrow="Newsletter" title={title} />
      <section className={`${container} py-16`}>
        <div className="max-w-3xl space-y-4 text-lg text-slate-700">{children}</div>
        <p className="mt-10">
          <Link to="/" className="font-medium text-blue-700 underline">
            Go to the home page
          </Link>
        </p>
      </section>
    </>
  );
}

/** The site's name, from the public layout's data. */
export function useSiteName(): string {
  return siteFromMatches(useMatches())?.siteName ?? "";
}

/**
 * The one button that acts on a link from an e-mail. Opening the link (a GET, which mail scanners
 * and link previews also do) only shows this; the POST it sends acts. A plain form: it works
 * without JavaScript.
 */
export function LinkActionForm({ action, label }: { action: string; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" action={action} className="pt-4">
      <button type="submit" className={primaryButton} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** The token of a link page's address (empty when there is none: "invalid"). */
export const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/**
 * What a link page's loader and action answer: the state it shows, the token its button posts
 * with, and the address; 404 for a link that matches nobody.
 */
export function linkPageAnswer<State extends string>(
  state: State | "invalid",
  token: string,
  subscriber?: Subscriber,
) {
  return data(
    { state, token, email: subscriber?.email ?? "" },
    { status: state === "invalid" ? 404 : 200 },
  );
}

/** A link page's address with its token, where its button posts. */
export const tokenAction = (path: string, token: string) =>
  `${path}?token=${encodeURIComponent(token)}`;

/** Title and description of a newsletter page; never indexed (per-visitor, from e-mails). */
export const newsletterMeta = (
  matches: Parameters<typeof publicMeta>[0],
  title: string,
  path: string,
) =>
  publicMeta(matches, {
    title,
    description: "Insights on compensation and benefits, by e-mail.",
    path,
    noindex: true,
  });
