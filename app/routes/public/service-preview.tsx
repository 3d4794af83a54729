import { data } from "react-router";
import {
  draftPreviewRoute,
  PreviewBanner,
  PreviewForms,
} from "~/components/admin/versions/preview-banner";
import { PREVIEW_HEADERS } from "~/lib/preview-headers";
import { loadImage } from "~/modules/media/media.server";
import { serviceVersions } from "~/modules/services/service-versions.server";
import type { RouteHandle } from "~/root";
import { loadDraftPreview } from "~/web/draft-preview.server";
import type { Route } from "./+types/service-preview";
import ServicePage, { loader as servicePageLoader } from "./services.$slug";

/*
 * Issue 29 (decision 0060): a service's draft as its public page (`/services/<id>`), for staff
 * only: guarded, never stored by the page cache or a browser, not indexed. The page's own loader
 * gathers the rest (methodology, the other areas); the draft takes the service's place.
 */

export const handle: RouteHandle = draftPreviewRoute.handle;

export const headers: Route.HeadersFunction = draftPreviewRoute.headers;

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { db, editing } = await loadDraftPreview(args, serviceVersions, params.id);
  const page = await servicePageLoader({
    ...args,
    params: { slug: params.id },
  } as unknown as Parameters<typeof servicePageLoader>[0]);
  return data(
    {
      ...page,
      service: editing.item,
      image: await loadImage(db, editing.item.imageId),
      live: !editing.draft,
    },
    { headers: PREVIEW_HEADERS },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  draftPreviewRoute.meta(loaderData?.service.title ?? "service");

type ServicePageProps = Parameters<typeof ServicePage>[0];

export default function ServicePreview({ loaderData }: Route.ComponentProps) {
  const { live, ...shown } = loaderData;
  return (
    <PreviewBanner
      live={live}
      noun="service"
      editHref={`/admin/services?edit=${encodeURIComponent(shown.service.id)}`}
    >
      <PreviewForms>
        <ServicePage {...({ loaderData: shown } as unknown as ServicePageProps)} />
      </PreviewForms>
    </PreviewBanner>
  );
}
