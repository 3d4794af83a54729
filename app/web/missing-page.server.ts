import { type MiddlewareFunction, redirect } from "react-router";
import { logger } from "~/lib/logger.server";
import { createNotFoundRecorder } from "~/modules/redirects/not-found-log.server";
import { sitePathOf } from "~/modules/redirects/redirect-paths";
import { findRedirect } from "~/modules/redirects/redirects.server";
import { runtimeFrom } from "./request-context";

/*
 * Addresses that never break (issue 29, docs/decisions/0058). The public layout's middleware
 * looks at every answer: a 404 for a GET (a page, or its data for a client-side navigation) is
 * turned into a permanent redirect when staff or a slug change made one for the path, and is
 * otherwise noted in the not-found log. A page that exists never reaches this point, so a
 * redirect never hides a live page. The page cache stores only 200 answers, so every 404 and
 * every redirect is decided here, with the database's redirects of this moment, on every
 * instance.
 */

const recorder = createNotFoundRecorder();

/** The page's path of a request (its data request's `.data` suffix dropped), as sent and decoded. */
function pagePathsOf(request: Request): string[] {
  const raw = sitePathOf(new URL(request.url).pathname.replace(/\.data$/, ""));
  try {
    const decoded = decodeURI(raw);
    return decoded === raw ? [raw] : [raw, decoded];
  } catch {
    return [raw];
  }
}

/** A Location header takes ASCII only. */
const asciiLocation = (target: string) => target.replace(/[^\x21-\x7e]/g, encodeURIComponent);

export const redirectMissingPages: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const response = await next();
  if (response.status !== 404 || (request.method !== "GET" && request.method !== "HEAD")) {
    return response;
  }
  const { db } = runtimeFrom(context);
  const paths = pagePathsOf(request);
  for (const path of paths) {
    const target = await findRedirect(db, path);
    if (target === undefined) continue;
    const parameters = new URL(request.url).searchParams;
    parameters.delete("_routes");
    // Campaign parameters travel on to the new address (a site path without a query of its own).
    const query =
      target.startsWith("/") && !target.includes("?") && parameters.size > 0
        ? `?${parameters}`
        : "";
    return redirect(asciiLocation(target) + query, 301);
  }
  // A page rendered for the page cache carries no Referer (server/app.ts createPageRenderer).
  await recorder
    .record(db, paths.at(-1) ?? "/", request.headers.get("referer") ?? "")
    .catch((error: unknown) => logger.warn("not_found_log_failed", { reason: String(error) }));
  return response;
};
