import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClasses, inputClasses } from "~/components/admin/forms";
import { adminMeta } from "~/components/admin/page";
import { InlineMessage } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { SIGN_IN_PROVIDERS, type SignInProvider } from "~/config.server";
import { constraintsOf } from "~/lib/form-constraints";
import { enabledProviders, PROVIDER_LABELS } from "~/modules/auth/auth.server";
import { UNLOCK_REQUESTED_MESSAGE, UNLOCKED_NOTICE } from "~/modules/auth/constants";
import { loginSchema, safeRedirect, unlockRequestSchema } from "~/modules/auth/login.schema";
import { signInWithPassword, startProviderSignIn } from "~/modules/auth/session.server";
import { requestUnlockLink } from "~/modules/auth/sign-in-unlock.server";
import { assertSameOrigin, getStaffUser } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { clientAddressContext, runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => adminMeta("Admin Login");

/** A refused sign-in (429) says when to try again, for browsers and scripts alike. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getStaffUser({ request, context })) throw redirect(redirectTo);
  return {
    redirectTo,
    providers: enabledProviders(runtimeFrom(context).config).map((id) => ({
      id,
      label: PROVIDER_LABELS[id],
    })),
    notice:
      url.searchParams.get("error") === "provider"
        ? "Error signing in: that account is not linked to a staff account here. Use the e-mail address of your staff account, or sign in with your password."
        : url.searchParams.get("signedOut") === "1"
          ? "You have signed out."
          : url.searchParams.get("unlocked") === "1"
            ? UNLOCKED_NOTICE
            : null,
  };
}

const isProvider = (value: unknown): value is SignInProvider =>
  (SIGN_IN_PROVIDERS as readonly unknown[]).includes(value);

/** What the action answers besides a redirect. */
interface LoginAnswer {
  error: string | null;
  fields: Record<string, string>;
  username: string;
  /** Sign-in is refused for a while: the page offers an unlock link by e-mail. */
  locked: boolean;
  /** The answer to an unlock request (never says whether the account exists). */
  unlockNotice: string | null;
}

const answer = (values: Partial<LoginAnswer> & { username: string }): LoginAnswer => ({
  error: null,
  fields: {},
  locked: false,
  unlockNotice: null,
  ...values,
});

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin({ request, context });
  const { config, auth, db } = runtimeFrom(context);
  const form = await requireForm(request);
  const redirectTo = safeRedirect(form.get("redirectTo"));

  if (form.get("intent") === "unlock") {
    const parsed = parseForm(unlockRequestSchema, form);
    const username = String(parsed.values.username ?? "");
    if (!parsed.success) {
      return data(answer({ username, fields: parsed.errors, locked: true }), { status: 400 });
    }
    await requestUnlockLink(db, {
      signInName: parsed.data.username,
      address: context.get(clientAddressContext),
      baseUrl: config.baseUrl,
    });
    return answer({ username, unlockNotice: UNLOCK_REQUESTED_MESSAGE });
  }

  const provider = form.get("provider");
  if (provider !== null) {
    if (!isProvider(provider) || !config.signInProviders?.[provider]) {
      throw data({ error: "This sign-in method is not available." }, { status: 400 });
    }
    const { url, cookies } = await startProviderSignIn(auth, provider, redirectTo, request.headers);
    throw redirect(url, { headers: cookies });
  }

  const parsed = parseForm(loginSchema, form);
  const username = String(parsed.values.username ?? "");
  if (!parsed.success) {
    return data(answer({ fields: parsed.errors, username }), { status: 400 });
  }
  const result = await signInWithPassword(auth, parsed.data, request.headers);
  if (result.ok) throw redirect(redirectTo, { headers: result.cookies });
  return data(answer({ error: result.message, username, locked: result.status === 429 }), {
    status: result.status,
    headers: result.status === 429 ? { "Retry-After": String(result.retryAfter) } : undefined,
  });
}

/** Required marks and limits of the two fields, from the schema the action parses with. */
const limits = constraintsOf(loginSchema);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, providers, notice } = loaderData;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [showPassword, setShowPassword] = useState(false);
  // A refused password is not left in the field (as after a post without JavaScript).
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData && passwordRef.current) passwordRef.current.value = "";
  }, [actionData]);
  // The message disappears as soon as the user types again (spec section 5).
  const [clearedFor, setClearedFor] = useState<unknown>(null);
  const clear = () => setClearedFor(actionData);
  const error = actionData && clearedFor !== actionData ? actionData.error : null;
  const fields = actionData && clearedFor !== actionData ? actionData.fields : {};
  // Also while the dashboard loads after a successful sign-in (the redirect keeps the form data).
  const signingIn = navigation.state !== "idle" && Boolean(navigation.formData?.has("password"));

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
          <p className="mt-1 text-sm text-slate-700">Sign in to manage the website.</p>

          {notice ? <InlineMessage message={notice} className="mt-4" /> : null}

          <Form method="post" className="mt-6 space-y-4" onInput={clear} noValidate>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <div>
              <label htmlFor="username" className="block text-sm font-medium text-slate-800">
                Username
              </label>
              <input
                id="username"
                name="username"
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                {...limits.username}
                defaultValue={actionData?.username ?? ""}
                aria-invalid={fields.username ? true : undefined}
                aria-describedby={fields.username ? "username-error" : "username-hint"}
                className={inputClasses}
              />
              {fields.username ? (
                <p id="username-error" className="mt-1 text-sm font-medium text-red-700">
                  {fields.username}
                </p>
              ) : (
                <p id="username-hint" className="mt-1 text-xs text-slate-600">
                  Your e-mail address works too.
                </p>
              )}
            </div>
            <div>
              <label htmlFor="password" className="block text-sm font-medium text-slate-800">
                Password
              </label>
              <div className="relative">
                <input
                  ref={passwordRef}
                  id="password"
                  name="password"
                  type={showPassword ? "text" : "password"}
                  autoComplete="current-password"
                  {...limits.password}
                  aria-invalid={fields.password ? true : undefined}
                  aria-describedby={fields.password ? "password-error" : undefined}
                  className={`${inputClasses} ${hydrated ? "pr-20" : ""}`}
                />
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => setShowPassword((shown) => !shown)}
                    aria-pressed={showPassword}
                    aria-controls="password"
                    className="absolute inset-y-0 right-0 mt-1 rounded-r-md px-3 text-sm font-medium text-blue-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
                  >
                    {showPassword ? "Hide" : "Show"}
                    <span className="sr-only"> password</span>
                  </button>
                ) : null}
              </div>
              {fields.password ? (
                <p id="password-error" className="mt-1 text-sm font-medium text-red-700">
                  {fields.password}
                </p>
              ) : null}
            </div>

            {error ? (
              <p
                role="alert"
                className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
              >
                {error}
              </p>
            ) : null}

            <button
              type="submit"
              disabled={signingIn}
              className={`${buttonClasses.primary} w-full`}
            >
              {signingIn ? "Signing In..." : "Sign In"}
            </button>
          </Form>

          {actionData?.locked ? (
            <Form method="post" className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3">
              <input type="hidden" name="intent" value="unlock" />
              <input type="hidden" name="username" value={actionData.username} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <p className="text-sm text-slate-800">
                Is this your account? We can e-mail you a link that unlocks sign-in now.
              </p>
              <button type="submit" className={`${buttonClasses.secondary} mt-3 w-full`}>
                E-mail me an unlock link
              </button>
            </Form>
          ) : null}
          {actionData?.unlockNotice ? (
            <InlineMessage message={actionData.unlockNotice} className="mt-4" />
          ) : null}

          {providers.length > 0 ? (
            <div className="mt-6 border-t border-slate-200 pt-6">
              <p className="text-center text-sm text-slate-700">Or sign in with</p>
              <Form method="post" className="mt-3 grid gap-2">
                <input type="hidden" name="redirectTo" value={redirectTo} />
                {providers.map((provider) => (
                  <button
                    key={provider.id}
                    type="submit"
                    name="provider"
                    value={provider.id}
                    className={`${buttonClasses.secondary} w-full`}
                  >
                    Sign in with {provider.label}
                  </button>
                ))}
              </Form>
            </div>
          ) : null}
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-blue-800 underline">
            Back to the website
          </Link>
        </p>
      </div>
    </main>
  );
}
