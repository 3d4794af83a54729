import { redirect } from "react-router";
import { logger } from "~/lib/logger.server";
import { trackPageView } from "~/modules/analytics/analytics.server";
import { fileStore } from "~/modules/files/file-store.server";
import { checkDownloadLink } from "~/modules/library/resource-links.server";
import {
  getPublishedResource,
  resourceDownloadPath,
  resourceRequestPath,
} from "~/modules/library/resources.server";
import { fileDownloadResponse } from "~/web/file-download.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/resource-file";

/*
 * GET /resources/:slug/file?expires=…&sig=…: a resource's file, only through a signed link
 * (resource-links.server.ts). A link that is expired or not genuine, or whose resource is no
 * longer published, sends the visitor to the request page, which says what happened (410 for an
 * expired link, 403 for a forged one, 404 for a resource that is gone) and lets them ask again.
 * The file streams a stored chunk at a time, always as a download named by the server, never
 * sniffed, never cached; each GET counts one download.
 */

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** The download name: the slug and the stored file's extension ("esop-design-playbook.pdf"). */
function downloadName(slug: string, storedName: string): string {
  const extension = /\.(pdf|xlsx|docx)$/i.exec(storedName)?.[1]?.toLowerCase() ?? "pdf";
  return `${slug.replace(/[^a-z0-9-]/g, "-")}.${extension}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = runtimeFrom(context);
  const slug = params.slug;
  const check = checkDownloadLink(config.authSecret, slug, new URL(request.url).searchParams);
  if (check !== "valid") {
    throw redirect(`${resourceRequestPath(slug)}?link=${check}`, { headers: NO_STORE });
  }
  const resource = await getPublishedResource(db, slug);
  const file = resource?.fileId ? await fileStore.describe(db, resource.fileId) : undefined;
  if (!resource || !file) throw redirect(resourceRequestPath(slug), { headers: NO_STORE });

  if (request.method === "GET") {
    try {
      await trackPageView(db, { path: resourceDownloadPath(slug), referrer: "" });
    } catch (error) {
      // A count that failed is not worth a failed download.
      logger.error("resource_download_count_failed", { error, slug });
    }
  }
  return fileDownloadResponse(db, file, {
    fileName: downloadName(slug, file.fileName),
    headers: NO_STORE,
  });
}
