import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClasses, FormError, fieldsFor, TextField } from "~/components/admin/forms";
import { adminMeta } from "~/components/admin/page";
import { AFTER_LOGIN_PATH } from "~/modules/auth/constants";
import { signInWithPassword } from "~/modules/auth/session.server";
import { completeSetup, isSetupTokenValid } from "~/modules/setup/setup-token.server";
import { setupSchema } from "~/modules/staff/staff.schema";
import { assertSameOrigin } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => adminMeta("Create the first admin");

const INVALID_LINK = "This setup link is invalid or has expired.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!(await isSetupTokenValid(runtimeFrom(context).db, token))) {
    throw data({ error: INVALID_LINK }, { status: 404 });
  }
  return { token };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin({ request, context });
  const form = await requireForm(request);
  const token = String(form.get("token") ?? "");
  const parsed = parseForm(setupSchema, form);
  const { values } = parsed;
  if (!parsed.success) {
    return data({ values, errors: parsed.errors, error: null }, { status: 400 });
  }
  const { db, auth } = runtimeFrom(context);
  const created = await completeSetup(db, token, parsed.data);
  if (!created.ok) {
    return data(
      {
        values,
        errors: created.field ? { [created.field]: created.error } : {},
        error: created.error,
      },
      { status: created.field ? 400 : 404 },
    );
  }
  // Signing in is better-auth's own write (the session row), after the account is stored.
  const signedIn = await signInWithPassword(
    auth,
    { username: parsed.data.username, password: parsed.data.password },
    request.headers,
  );
  throw redirect(AFTER_LOGIN_PATH, signedIn.ok ? { headers: signedIn.cookies } : undefined);
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const field = fieldsFor(setupSchema, actionData ?? {});
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Create the first admin</h1>
        <p className="mt-1 text-sm text-slate-700">
          This one-time link creates the site's first admin account. It stops working once the
          account exists.
        </p>
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <FormError message={actionData?.error ?? undefined} />
          <TextField
            label="Your name"
            {...field("name")}
            autoComplete="name"
            hint="Shown to visitors who book a consultation with you, and in their invitation."
          />
          <TextField
            label="Username"
            {...field("username")}
            autoComplete="username"
            autoCapitalize="none"
            hint="3-30 letters, digits, dots or underscores."
          />
          <TextField label="E-mail" {...field("email")} type="email" autoComplete="email" />
          <TextField
            label="Password"
            {...field("password")}
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters. A few unrelated words make a strong, memorable password."
          />
          <TextField
            label="Repeat the password"
            {...field("confirmPassword")}
            // The schema lets it be empty (it then says "The passwords differ"); still required.
            required
            type="password"
            autoComplete="new-password"
          />
          <button
            type="submit"
            className={`${buttonClasses.primary} w-full`}
            disabled={navigation.state !== "idle"}
          >
            {navigation.state !== "idle" ? "Creating..." : "Create admin account"}
          </button>
        </Form>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <title>Setup link not valid · Staff admin</title>
        <h1 className="text-2xl font-bold text-slate-900">Setup link not valid</h1>
        <p className="mt-3 text-sm text-slate-700">
          {INVALID_LINK} Restart the server to print a new link in its log, or sign in if an account
          already exists.
        </p>
        <Link to="/admin/login" className="mt-6 inline-block font-medium text-blue-800 underline">
          Go to the login page
        </Link>
      </div>
    </main>
  );
}
