import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { getApplication } from "~/modules/applications/applications.server";
import { fileStore } from "~/modules/files/file-store.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/applications.$id.cv";

/**
 * The name in Content-Disposition: the server made it (e.g. "cv-priya-sharma.pdf"); anything
 * outside plain letters, digits, dots, hyphens and underscores is replaced all the same, so a
 * header can never be broken by it.
 */
const headerFileName = (name: string) => name.replace(/[^\w.-]/g, "-") || "cv";

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
  // A Response: a resource route passes it on as it is (a thrown data() would become a 500).
  if (!file) {
    throw new Response("No such CV.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const bytes = Readable.from(fileStore.read(db, file.id), { objectMode: false });
  return new Response(createReadableStreamFromReadable(bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.byteSize),
      "Content-Disposition": `attachment; filename="${headerFileName(file.fileName)}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
