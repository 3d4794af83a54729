import {
  getResourceFileSummary,
  getResourceForAdmin,
} from "~/modules/library/resource-admin.server";
import { resourceVersions } from "~/modules/library/resource-versions.server";
import { loadEditing } from "~/modules/versions/drafts.server";
import { fileDownloadResponse, fileNotFound } from "~/web/file-download.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/resources.$slug.file";

/*
 * Staff download of a resource's file, draft or published: for signed-in staff only, always as
 * an attachment under the name the server gave it, never sniffed or kept by a cache. Read a
 * chunk at a time (decision 0021). `?draft=1`: the file of the resource's draft (issue 29,
 * decision 0072), which visitors do not get until the draft is published.
 */

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  const { db } = runtimeFrom(context);
  if (new URL(request.url).searchParams.get("draft") === "1") {
    const editing = await loadEditing(db, resourceVersions, params.slug);
    const file = await getResourceFileSummary(db, editing?.item.fileId ?? null);
    if (!file) return fileNotFound("This resource's draft has no file.");
    return fileDownloadResponse(db, file);
  }
  const resource = await getResourceForAdmin(db, params.slug);
  if (!resource?.file) return fileNotFound("This resource has no file.");
  return fileDownloadResponse(db, resource.file);
}
