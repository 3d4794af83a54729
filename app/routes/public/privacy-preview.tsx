import type { ComponentType } from "react";
import { data } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/page";
import { draftPreviewRoute, PreviewBanner } from "~/components/admin/versions/preview-banner";
import { PREVIEW_HEADERS } from "~/lib/preview-headers";
import { currentNoticeVersion } from "~/modules/privacy/notice.server";
import { noticeDraft } from "~/modules/privacy/notice-drafts.server";
import { parseNoticeText } from "~/modules/privacy/notice-text";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import type { RouteHandle } from "~/root";
import { requireAdmin } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/privacy-preview";
import * as privacy from "./privacy";
import { privacyPageData } from "./privacy-page.server";

/*
 * Issue 29 (decision 0075): the privacy notice's draft as the /privacy page, as the version it
 * would become, for admins (who alone edit the notice): never cached, not indexed, like every
 * draft preview (draftPreviewRoute). Without a draft it shows the notice in force.
 */

type PrivacyData = Awaited<ReturnType<typeof privacyPageData>>;

export const handle: RouteHandle = draftPreviewRoute.handle;

export const headers: Route.HeadersFunction = draftPreviewRoute.headers;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  // Read from the database, not the public layout's context: the preview answers the same
  // whichever layout (or test) runs it.
  const [settings, draft, inForce] = await Promise.all([
    getGeneralSettings(db),
    noticeDraft(db),
    currentNoticeVersion(db),
  ]);
  const parsed = draft && parseNoticeText(draft.body);
  const page = await privacyPageData(
    db,
    settings,
    draft && parsed?.ok
      ? { version: inForce + 1, publishedAt: draft.savedAt, document: parsed.document }
      : undefined,
  );
  // The page's own fields at the top: the built route component reads its data from the route
  // that renders it (this one), whatever props it is given.
  return data({ ...page, live: !(draft && parsed?.ok) }, { headers: PREVIEW_HEADERS });
}

export const meta: Route.MetaFunction = () => draftPreviewRoute.meta("Privacy notice");

const PrivacyPage = privacy.default as unknown as ComponentType<{ loaderData: PrivacyData }>;

export default function PrivacyPreview({ loaderData }: Route.ComponentProps) {
  const { live, ...page } = loaderData;
  return (
    <PreviewBanner live={live} noun="privacy notice" editHref="/admin/privacy">
      <PrivacyPage loaderData={page} />
    </PreviewBanner>
  );
}

// An editor is refused here (admins only): say so, as the admin pages do, rather than the public
// layout's "Something Went Wrong".
export { AdminErrorBoundary as ErrorBoundary };
