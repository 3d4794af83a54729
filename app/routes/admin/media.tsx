import { data, redirect } from "react-router";
import { ListPager, ListSummary } from "~/components/admin/list/list-pager";
import { MediaEmptyState, MediaGrid } from "~/components/admin/media/media-grid";
import { MediaUploadForm, type MediaUploadState } from "~/components/admin/media/media-upload-form";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { countOf } from "~/lib/format";
import { staffActor } from "~/modules/commands/command.server";
import { listMediaForAdmin } from "~/modules/media/media.server";
import { requireStaff } from "~/web/guards.server";
import { uploadMediaPost } from "~/web/media-post.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = () => adminMeta("Media");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  const list = await listMediaForAdmin(runtimeFrom(context).db, { page });
  const deleted = url.searchParams.get("deleted");
  return { list, message: deleted ? `Image "${deleted}" deleted.` : undefined };
}

/** The upload form's post (with or without JavaScript: the same multipart form). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const answer = await uploadMediaPost(runtimeFrom(context).db, staffActor(user), request);
  if (answer.ok) return redirect(`/admin/media/${answer.id}?saved=uploaded`);
  return data(answer.state, { status: answer.status });
}

export default function MediaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, message } = loaderData;
  return (
    <>
      <PageHeader
        title="Media"
        description="Images for the site: page heroes, service areas, articles, testimonials, client logos and team members. Each upload gets AVIF and WebP copies at several widths."
      />
      <ActionMessage message={message} />
      <MediaUploadForm state={actionData as MediaUploadState | undefined} />
      {list.total === 0 ? (
        <MediaEmptyState />
      ) : (
        <section aria-labelledby="media-library-heading">
          <h2 id="media-library-heading" className="mb-2 text-lg font-semibold text-slate-900">
            Library
          </h2>
          <ListSummary>{countOf(list.total, "image", "images")}, newest first</ListSummary>
          <MediaGrid items={list.items} />
          <ListPager
            page={list.page}
            pageCount={list.pageCount}
            hrefOf={(page) => `/admin/media?page=${page}`}
          />
        </section>
      )}
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
