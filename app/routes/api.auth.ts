import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/api.auth";

/** better-auth's endpoints (sign-in, sign-out, session, admin API) under /api/auth/*. */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  runtimeFrom(context).auth.handler(request);
export const action = ({ request, context }: Route.ActionArgs) =>
  runtimeFrom(context).auth.handler(request);
