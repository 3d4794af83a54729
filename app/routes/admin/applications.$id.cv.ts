import { getApplication } from "~/modules/applications/applications.server";
import { fileStore } from "~/modules/files/file-store.server";
import { fileDownloadResponse, fileNotFound } from "~/web/file-download.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/applications.$id.cv";

/**
 * GET /admin/applications/:id/cv: the application's CV, for signed-in staff only (401 for anyone
 * else: a file, not a sign-in page saved as the download), streamed a stored chunk at a time,
 * always as a download (never shown inline, never sniffed into another type, never cached).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  const { db } = runtimeFrom(context);
  const application = await getApplication(db, params.id);
  const file = application?.cvFileId
    ? await fileStore.describe(db, application.cvFileId)
    : undefined;
  if (!file) throw fileNotFound("No such CV.");
  return fileDownloadResponse(db, file);
}
