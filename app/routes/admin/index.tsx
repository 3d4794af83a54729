import { redirect } from "react-router";
import { requireStaff } from "~/modules/auth/guards.server";
import type { Route } from "./+types/index";

/** /admin is the dashboard's other address (spec section 2). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return redirect("/admin/dashboard");
}
