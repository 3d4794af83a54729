import { redirect } from "react-router";
import { LOGIN_PATH } from "~/modules/auth/constants";
import { signOut } from "~/modules/auth/session.server";
import { staffActor } from "~/modules/commands/command.server";
import { signOutSession } from "~/modules/staff/account-commands.server";
import { assertSameOrigin, getStaffUser } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/logout";

/** Signing out is a POST (a link or an image on another page cannot sign anyone out). */
export const loader = () => redirect(LOGIN_PATH);

/** Ends the session (its row is deleted, the cookie cleared) and returns to the login page. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin({ request, context });
  const user = await getStaffUser({ request, context });
  // The session row goes with its audit entry in one transaction; better-auth then clears the
  // cookie (its own delete of the row finds nothing left).
  const { db, auth } = runtimeFrom(context);
  if (user) await signOutSession(db, staffActor(user), user.sessionId);
  const cookies = await signOut(auth, request.headers);
  return redirect(`${LOGIN_PATH}?signedOut=1`, { headers: cookies });
}
