import { data, Form, Link, useNavigation } from "react-router";
import { container, PageHero, primaryButton, secondaryButton } from "~/components/site/ui";
import { publicMeta } from "~/lib/seo";
import { renewCvPool } from "~/modules/consent/cv-pool.server";
import type { StandingPurpose } from "~/modules/consent/withdraw.server";
import { purposesOf, withdrawConsent } from "~/modules/consent/withdraw.server";
import {
  isConsentPurpose,
  renewButtonWords,
  withdrawButtonWords,
} from "~/modules/privacy/purposes";
import { emailOfWithdrawToken } from "~/modules/privacy/withdraw-token.server";
import type { RouteHandle } from "~/root";
import { assertSameOrigin } from "~/web/guards.server";
import { readForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/privacy.withdraw";

/*
 * Withdrawing a consent (DPDP Act 2023 s.6(4); Rules 2025 r.3(c); decision 0061): the link of
 * every visitor mail carries a signed token for the address. Opening it (a GET, which mail
 * scanners also do) only shows what the address consented to; each consent that stands has one
 * button, a POST from this site, that withdraws it at once. Per address: never cached.
 */

/** Per address: never cached. Its buttons post in place without React (decision 0073). */
export const handle: RouteHandle = { pageCache: false };

interface WithdrawPage {
  state: "valid" | "invalid";
  token: string;
  email: string;
  purposes: StandingPurpose[];
  withdrawn?: string;
  renewed?: boolean;
}

async function pageFor(context: Route.LoaderArgs["context"], token: string) {
  const { db, config } = runtimeFrom(context);
  const email = emailOfWithdrawToken(config.authSecret, token);
  if (!email) {
    return {
      db,
      email: undefined,
      page: { state: "invalid", token: "", email: "", purposes: [] },
    };
  }
  return {
    db,
    email,
    page: {
      state: "valid",
      token,
      email,
      purposes: await purposesOf(db, email),
    },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const { page } = await pageFor(context, token);
  return data<WithdrawPage>(page as WithdrawPage, {
    status: page.state === "invalid" ? 404 : 200,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin({ request, context });
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const { db, email } = await pageFor(context, token);
  if (!email) {
    return data<WithdrawPage>(
      { state: "invalid", token: "", email: "", purposes: [] },
      { status: 404 },
    );
  }
  const form = await readForm(request);
  const purpose = form?.get("purpose");
  if (!isConsentPurpose(purpose)) {
    return data<WithdrawPage>(
      { state: "valid", token, email, purposes: await purposesOf(db, email) },
      { status: 400 },
    );
  }
  if (purpose === "cv_pool" && form?.get("intent") === "renew") {
    await renewCvPool(db, { email });
    return data<WithdrawPage>({
      state: "valid",
      token,
      email,
      purposes: await purposesOf(db, email),
      renewed: true,
    });
  }
  await withdrawConsent(db, { email, purpose });
  return data<WithdrawPage>({
    state: "valid",
    token,
    email,
    purposes: await purposesOf(db, email),
    withdrawn: purpose,
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Withdraw Consent",
    description: "Withdraw a consent you gave us.",
    path: "/privacy/withdraw",
    noindex: true,
  });

export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const done = page.purposes.find((p) => p.purpose === page.withdrawn);
  const standing = page.purposes.filter((p) => p.given);
  return (
    <>
      <PageHero eyebrow="Privacy" title="Withdraw Consent" />
      <section className={`${container} py-16`}>
        <div
          id="withdraw-consent"
          data-island="post-in-place"
          className="max-w-3xl space-y-4 text-lg text-stone-700"
        >
          {page.state === "invalid" ? (
            <p>
              This link is not valid. Please use the link from one of our e-mails, or write to us
              and we will act on your request.
            </p>
          ) : (
            <>
              {page.renewed && (
                <p role="status" className="rounded-card bg-emerald-50 p-4 text-emerald-900">
                  Done: we keep your CV for future roles for another 12 months.
                </p>
              )}
              {done && (
                <p role="status" className="rounded-card bg-emerald-50 p-4 text-emerald-900">
                  Done: you withdrew your consent to “{done.label}”. {done.onWithdraw}
                </p>
              )}
              <p>
                Consents given for <strong>{page.email}</strong>. Withdrawing one stops what
                depended on it at once; it does not undo what was done before.
              </p>
              {standing.length === 0 ? (
                <p>No consent of this address stands now: there is nothing to withdraw.</p>
              ) : (
                <ul className="space-y-6">
                  {standing.map((p) => (
                    <li key={p.purpose} className="rounded-card border border-stone-200 p-5">
                      <h2 className="font-semibold text-navy-950">{p.label}</h2>
                      <p className="mt-1 text-base">{p.onWithdraw}</p>
                      <Form method="post" className="pt-4">
                        <input type="hidden" name="purpose" value={p.purpose} />
                        <button type="submit" className={primaryButton} disabled={busy}>
                          {withdrawButtonWords(p.purpose)}
                        </button>
                      </Form>
                      {p.purpose === "cv_pool" ? (
                        <Form method="post" className="pt-3">
                          <input type="hidden" name="purpose" value="cv_pool" />
                          <input type="hidden" name="intent" value="renew" />
                          <button type="submit" className={secondaryButton} disabled={busy}>
                            {renewButtonWords()}
                          </button>
                        </Form>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
          <p className="pt-6">
            <Link to="/privacy" className="font-medium text-navy-700 underline">
              Read our privacy notice
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
