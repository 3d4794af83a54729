import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/api.enquiries.token";

/**
 * GET /api/enquiries/token: a fresh timing token for an enquiry form that was not rendered by the
 * server (the visitor reached /contact by a client-side navigation), or whose token was used up
 * by the enquiry it just sent (each token is good for one submission).
 */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(
    { token: issueFormToken(runtimeFrom(context).config.authSecret) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
