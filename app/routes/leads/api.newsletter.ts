import { newsletterApiAction } from "~/web/newsletter-action.server";
import type { Route } from "./+types/api.newsletter";

const notAllowed = () =>
  Response.json({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });

/**
 * POST /api/newsletter: the newsletter forms post here when JavaScript runs and show the JSON
 * answer in place (app/web/newsletter-action.server.ts). Without JavaScript they post to
 * /newsletter instead.
 */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") return notAllowed();
  return newsletterApiAction(args);
}

export const loader = notAllowed;
