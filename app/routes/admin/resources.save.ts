import { staffActor } from "~/modules/commands/command.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import { CURRENT_SLUG_FIELD, readResourcePost, saveResourcePost } from "~/web/resource-post.server";
import type { Route } from "./+types/resources.save";

/*
 * The resource form sent with XMLHttpRequest (which reports upload progress, where fetch does
 * not): the same checks and command as the pages' own post, answered in JSON, so the page shows
 * the messages in place or goes to the saved resource. Without JavaScript the form posts to its
 * page instead.
 */

/** Only the form's post is answered here; staff opening it are told which method to use. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  return Response.json(
    { error: "Method Not Allowed" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context }, { respond: "status" });
  const read = await readResourcePost(request);
  if ("refused" in read) return Response.json(read.refused, { status: read.refused.status });
  const currentSlug = String(read.post.fields.get(CURRENT_SLUG_FIELD) ?? "") || undefined;
  const answer = await saveResourcePost(
    runtimeFrom(context).db,
    staffActor(user),
    read.post,
    currentSlug,
  );
  return Response.json(answer, { status: answer.ok ? 200 : answer.status });
}
