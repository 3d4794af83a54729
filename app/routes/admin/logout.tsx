import { redirect } from "react-router";
import { recordAudit } from "~/modules/audit/audit.server";
import { LOGIN_PATH } from "~/modules/auth/constants";
import { assertSameOrigin, getStaffUser } from "~/modules/auth/guards.server";
import { signOut } from "~/modules/auth/session.server";
import { getAuth, getDb } from "~/runtime.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST (a link or an image on another page cannot sign anyone out). */
export const loader = () => redirect(LOGIN_PATH);

/** Ends the session (its row is deleted, the cookie cleared) and returns to the login page. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await getStaffUser(request);
  const cookies = await signOut(getAuth(), request.headers);
  if (user) {
    await recordAudit(getDb(), {
      actorId: user.id,
      actorName: user.name,
      action: "sign_out",
      entityType: "user",
      entityId: user.id,
      summary: "Signed out",
    });
  }
  return redirect(`${LOGIN_PATH}?signedOut=1`, { headers: cookies });
}
