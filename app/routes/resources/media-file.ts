import { mediaFileResponse } from "~/web/media-file.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/media-file";

/*
 * GET /media/:id/:file: an image of the media library, a responsive variant ("640.avif") or a
 * sanitised SVG ("image.svg"), cached for a year (immutable). Public: pages show these images.
 * Never a page of the page cache (server/page-cache/request-key.ts leaves /media/ alone).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return mediaFileResponse(runtimeFrom(context).db, request, params);
}
