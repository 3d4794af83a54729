import { fileStore } from "~/modules/files/file-store.server";
import { getResourceForAdmin } from "~/modules/library/resource-admin.server";
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
  if (!resource?.file) {
    return new Response("This resource has no file.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const chunks = fileStore.read(db, resource.file.id)[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": resource.file.contentType,
      "Content-Length": String(resource.file.byteSize),
      "Content-Disposition": `attachment; filename="${resource.file.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
