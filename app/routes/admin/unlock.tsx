import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { adminMeta } from "~/components/admin/page";
import { LOGIN_PATH } from "~/modules/auth/constants";
import { findUnlockLink, unlockSignIn } from "~/modules/auth/sign-in-unlock.server";
import { assertSameOrigin } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/unlock";

/*
 * The e-mailed unlock link. Opening it (GET) only shows a button, so that mail scanners and link
 * previews, which fetch links, use up nothing; the button's POST unlocks and leads to sign-in.
 */

export const meta: Route.MetaFunction = () => adminMeta("Unlock sign-in");

const INVALID_LINK = "This unlock link has expired or was already used.";

const invalid = () =>
  data({ valid: false as const, token: "", error: INVALID_LINK }, { status: 404 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const link = await findUnlockLink(runtimeFrom(context).db, token);
  if (!link || !token) return invalid();
  return { valid: true as const, token, error: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin({ request, context });
  const form = await requireForm(request);
  if (!(await unlockSignIn(runtimeFrom(context).db, form.get("token")))) return invalid();
  throw redirect(`${LOGIN_PATH}?unlocked=1`);
}

export default function Unlock({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const state = actionData ?? loaderData;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Unlock sign-in</h1>
        {state.valid ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="token" value={state.token} />
            <p className="text-sm text-slate-700">
              Sign-in to your account was locked after several wrong passwords. Unlock it to sign in
              again now; you still need your password.
            </p>
            <button
              type="submit"
              className={`${buttonClasses.primary} mt-6 w-full`}
              disabled={navigation.state !== "idle"}
            >
              {navigation.state !== "idle" ? "Unlocking..." : "Unlock sign-in"}
            </button>
          </Form>
        ) : (
          <>
            <p role="alert" className="mt-4 text-sm font-medium text-red-800">
              {state.error}
            </p>
            <p className="mt-2 text-sm text-slate-700">
              The lock ends by itself after 15 minutes. A locked sign-in page can send a new link.
            </p>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to={LOGIN_PATH} className="font-medium text-blue-800 underline">
            Go to the login page
          </Link>
        </p>
      </div>
    </main>
  );
}
