import { data } from "react-router";
import {
  draftPreviewRoute,
  PreviewBanner,
  PreviewForms,
} from "~/components/admin/versions/preview-banner";
import { constraintsOf } from "~/lib/form-constraints";
import { PREVIEW_HEADERS } from "~/lib/preview-headers";
import { applicationInputSchema, consentTextOf } from "~/modules/applications/application-form";
import { postingVersions } from "~/modules/careers/career-versions.server";
import { toPublicPosting } from "~/modules/careers/public-posting";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import type { RouteHandle } from "~/root";
import { loadDraftPreview } from "~/web/draft-preview.server";
import { siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/career-preview";
import Career from "./career";

/*
 * Issue 29 (decision 0060): a job posting's draft as its public page (`/careers/<id>`), for
 * staff only: guarded, never cached, not indexed. A posting that is a draft shows as it would
 * once published. The application form is shown as it looks, but cannot be sent from here.
 */

export const handle: RouteHandle = draftPreviewRoute.handle;

export const headers: Route.HeadersFunction = draftPreviewRoute.headers;

export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  const { db, editing } = await loadDraftPreview(args, postingVersions, params.id);
  const career = editing.item;
  const settings = context.get(siteSettingsContext);
  return data(
    {
      posting: toPublicPosting(career),
      seo: await loadSeoMeta(db, "posting", career.id),
      application:
        career.status === "closed"
          ? null
          : {
              constraints: constraintsOf(applicationInputSchema),
              consentText: consentTextOf(settings.siteName, settings.applicationRetentionMonths),
            },
      live: !editing.draft && career.status !== "draft",
    },
    { headers: PREVIEW_HEADERS },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  draftPreviewRoute.meta(loaderData?.posting.title ?? "posting");

type CareerProps = Parameters<typeof Career>[0];

export default function CareerPreview({ loaderData }: Route.ComponentProps) {
  const { live, ...shown } = loaderData;
  return (
    <PreviewBanner
      live={live}
      noun="posting"
      editHref={`/admin/careers?edit=${encodeURIComponent(shown.posting.id)}`}
    >
      <PreviewForms>
        <Career {...({ loaderData: shown } as unknown as CareerProps)} />
      </PreviewForms>
    </PreviewBanner>
  );
}
