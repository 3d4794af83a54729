import { issueFormToken } from "~/modules/enquiries/spam-defence.server";
import { getConfig } from "~/runtime.server";

/**
 * GET /api/enquiries/token: a fresh timing token for an enquiry form that was not rendered by the
 * server (the visitor reached /contact by a client-side navigation).
 */
export function loader() {
  return Response.json(
    { token: issueFormToken(getConfig().authSecret) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
