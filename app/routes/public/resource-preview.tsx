import { data } from "react-router";
import {
  draftPreviewRoute,
  PreviewBanner,
  PreviewForms,
} from "~/components/admin/versions/preview-banner";
import { container } from "~/components/site/ui";
import { constraintsOf } from "~/lib/form-constraints";
import { PREVIEW_HEADERS } from "~/lib/preview-headers";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { resourceRequestSchema } from "~/modules/library/resource-request-form";
import { RESOURCE_TYPE_LABELS } from "~/modules/library/resource-types";
import { resourceVersions } from "~/modules/library/resource-versions.server";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import type { RouteHandle } from "~/root";
import { loadDraftPreview } from "~/web/draft-preview.server";
import type { Route } from "./+types/resource-preview";
import ResourceDownload from "./resource-download";

/*
 * Issue 29 (decisions 0060, 0072): a resource's draft as its request page
 * (`/resources/<slug>/download`), for staff only: guarded, never cached, not indexed. Its form
 * shows but cannot be sent; the draft's file is downloaded through the staff's own file route.
 */

export const handle: RouteHandle = draftPreviewRoute.handle;

export const headers: Route.HeadersFunction = draftPreviewRoute.headers;

export async function loader(args: Route.LoaderArgs) {
  const { db, config, editing } = await loadDraftPreview(args, resourceVersions, args.params.slug);
  const resource = editing.item;
  return data(
    {
      resource: {
        slug: resource.slug,
        title: resource.title,
        summary: resource.summary,
        typeLabel: RESOURCE_TYPE_LABELS[resource.type],
        category: resource.category,
        pageCount: resource.pageCount,
      },
      seo: await loadSeoMeta(db, "resource", resource.slug),
      linkProblem: null,
      constraints: constraintsOf(resourceRequestSchema),
      formToken: issueFormToken(config.authSecret),
      file: resource.fileLabel,
      live: !editing.draft && resource.status === "published",
    },
    { headers: PREVIEW_HEADERS },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  draftPreviewRoute.meta(loaderData?.resource.title ?? "resource");

type DownloadProps = Parameters<typeof ResourceDownload>[0];

export default function ResourcePreview({ loaderData }: Route.ComponentProps) {
  const { live, file, ...shown } = loaderData;
  const edit = `/admin/resources/${encodeURIComponent(shown.resource.slug)}`;
  return (
    <PreviewBanner live={live} noun="resource" editHref={edit}>
      <p className={`${container} py-3 text-sm text-stone-800`}>
        {file ? (
          <>
            The file visitors will get:{" "}
            <a href={`${edit}/file?draft=1`} className="font-semibold underline" download>
              {file}
            </a>
          </>
        ) : (
          "No file attached yet: a resource is published with its file."
        )}
      </p>
      <PreviewForms>
        <ResourceDownload {...({ loaderData: shown } as unknown as DownloadProps)} />
      </PreviewForms>
    </PreviewBanner>
  );
}
