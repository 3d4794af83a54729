import { redirect } from "react-router";
import { LOGIN_PATH } from "~/modules/auth/constants";
import { assertSameOrigin, getStaffUser } from "~/modules/auth/guards.server";
import { signOut } from "~/modules/auth/session.server";
import { staffActor } from "~/modules/commands/command.server";
import { signOutSession } from "~/modules/staff/account-commands.server";
import { getAuth, getDb } from "~/runtime.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST (a link or an image on another page cannot sign anyone out). */
export const loader = () => redirect(LOGIN_PATH);

/** Ends the session (its row is deleted, the cookie cleared) and returns to the login page. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await getStaffUser(request);
  // The session row goes with its audit entry in one transaction; better-auth then clears the
  // cookie (its own delete of the row finds nothing left).
  if (user) await signOutSession(getDb(), staffActor(user), user.sessionId);
  const cookies = await signOut(getAuth(), request.headers);
  return redirect(`${LOGIN_PATH}?signedOut=1`, { headers: cookies });
}
