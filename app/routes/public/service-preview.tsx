import { data } from "react-router";
import {
  PREVIEW_HEADERS,
  PreviewBanner,
  PreviewForms,
} from "~/components/admin/versions/preview-banner";
import { loadImage } from "~/modules/media/media.server";
import { serviceVersions } from "~/modules/services/service-versions.server";
import { loadEditing } from "~/modules/versions/drafts.server";
import type { RouteHandle } from "~/root";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/service-preview";
import ServicePage, { loader as servicePageLoader } from "./services.$slug";

/*
 * Issue 29 (decision 0060): a service's draft as its public page (`/services/<id>`), for staff
 * only: guarded, never stored by the page cache or a browser, not indexed. The page's own loader
 * gathers the rest (methodology, the other areas); the draft takes the service's place.
 */

export const handle: RouteHandle = { pageCache: false };

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

export async function loader(args: Route.LoaderArgs) {
  const { request, params, context } = args;
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const editing = await loadEditing(db, serviceVersions, params.id);
  if (!editing) throw data(null, { status: 404, headers: PREVIEW_HEADERS });
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

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Preview: ${loaderData?.service.title ?? "service"}` },
  { name: "robots", content: "noindex, nofollow" },
];

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
