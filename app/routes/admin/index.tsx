import { redirect } from "react-router";
import { requireStaff } from "~/web/guards.server";
import type { Route } from "./+types/index";

/** /admin is the dashboard's other address (spec section 2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  return redirect("/admin/dashboard");
}
