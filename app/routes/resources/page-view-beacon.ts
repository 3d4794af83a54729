import { isbot } from "isbot";
import { pageViewSchema } from "~/modules/analytics/analytics.schema";
import { trackPageView } from "~/modules/analytics/analytics.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/page-view-beacon";

/**
 * POST /api/page-view: the PageViewTracker's beacon. Always answers 204 (a beacon cannot read
 * the answer, and an error page would tell a prober nothing useful either); counts the view when
 * analytics are on, the input is a public path, and the client is not a known crawler.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const noContent = new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const userAgent = request.headers.get("user-agent") ?? "";
  if (isbot(userAgent)) return noContent;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return noContent;
  }
  const parsed = pageViewSchema.safeParse({
    path: form.get("path") ?? "",
    referrer: form.get("referrer") ?? "",
  });
  if (!parsed.success) return noContent;
  await trackPageView(runtimeFrom(context).db, parsed.data, { ownHost: new URL(request.url).host });
  return noContent;
}

/** Only POST counts; a GET (a link, a prefetch) is told so. */
export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });
