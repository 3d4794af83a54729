import { handleContactPost } from "~/web/contact-action.server";
import type { Route } from "./+types/api.enquiries";

const notAllowed = () =>
  Response.json({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });

/**
 * POST /api/enquiries: the enquiry form posts here when JavaScript runs and shows the JSON
 * answer in place. Without JavaScript it posts to /contact (contactAction) instead. The answers,
 * the "confirm" state of a post that came too fast included: docs/decisions/0014.
 */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") return notAllowed();
  const { result, httpStatus } = await handleContactPost(args);
  return Response.json(result, { status: httpStatus, headers: { "Cache-Control": "no-store" } });
}

export const loader = notAllowed;
