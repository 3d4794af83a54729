import { accessDownload } from "~/modules/privacy-requests/request-download.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/privacy.requests.download";

/*
 * /privacy/requests/download?t=<token>&format=json|pdf: the data of a verified access request
 * (decision 0062), drawn on request, never stored by a cache. A token that is wrong, old or not
 * of an access request gets a 404 with the same words.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const format = url.searchParams.get("format") === "pdf" ? "pdf" : "json";
  const { db, config } = runtimeFrom(context);
  const download = await accessDownload(db, {
    secret: config.authSecret,
    token: url.searchParams.get("t") ?? "",
    format,
  });
  if (!download.ok) {
    return new Response(
      "This download link is not valid or has expired. Please make a new request at /privacy/requests.",
      {
        status: 404,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "private, no-store",
        },
      },
    );
  }
  return new Response(Buffer.from(download.body), {
    headers: {
      "Content-Type": download.contentType,
      "Content-Disposition": `attachment; filename="${download.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
