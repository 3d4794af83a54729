import { getAuth } from "~/runtime.server";
import type { Route } from "./+types/api.auth";

/** better-auth's endpoints (sign-in, sign-out, session, admin API) under /api/auth/*. */
export const loader = ({ request }: Route.LoaderArgs) => getAuth().handler(request);
export const action = ({ request }: Route.ActionArgs) => getAuth().handler(request);
