import { getResourceForAdmin } from "~/modules/library/resource-admin.server";
import { fileDownloadResponse, fileNotFound } from "~/web/file-download.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/resources.$slug.file";

/*
 * Staff download of a resource's file, draft or published: for signed-in staff only, always as
 * an attachment under the name the server gave it, never sniffed or kept by a cache. Read a
 * chunk at a time (decision 0021).
 */

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  const { db } = runtimeFrom(context);
  const resource = await getResourceForAdmin(db, params.slug);
  if (!resource?.file) return fileNotFound("This resource has no file.");
  return fileDownloadResponse(db, resource.file);
}
