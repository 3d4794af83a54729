import type { ComponentType } from "react";
import { data } from "react-router";
import {
  draftPreviewRoute,
  PreviewBanner,
  PreviewForms,
} from "~/components/admin/versions/preview-banner";
import { PREVIEW_HEADERS } from "~/lib/preview-headers";
import { PAGE_LABELS, type PageKey } from "~/modules/pages/page.schema";
import { pageVersions } from "~/modules/pages/page-versions.server";
import { DEFAULT_PAGES } from "~/modules/pages/pages.defaults";
import { fillPageText, isPageKey } from "~/modules/pages/pages.server";
import type { RouteHandle } from "~/root";
import { loadDraftPreview } from "~/web/draft-preview.server";
import { requireStaff } from "~/web/guards.server";
import type { Route } from "./+types/page-preview";
import * as about from "./about";
import * as careers from "./careers";
import * as contact from "./contact";
import * as home from "./home";
import * as resources from "./resources";
import * as services from "./services";

/*
 * Issue 29 (decision 0060): a page's draft texts as the public page, for staff only: guarded,
 * never cached, not indexed. The page's own loader gathers what the page shows; the draft's
 * texts take the place of the live ones, section by section (each loader passes a section of
 * its texts under the section's name). Its forms show but cannot be sent from here.
 */

// biome-ignore lint/suspicious/noExplicitAny: each page's loader and component have their own types
type PageModule = { loader: (args: any) => Promise<object>; default: ComponentType<any> };

const PAGES: Record<PageKey, PageModule> = { home, about, services, resources, contact, careers };

export const handle: RouteHandle = draftPreviewRoute.handle;

export const headers: Route.HeadersFunction = draftPreviewRoute.headers;

export async function loader(args: Route.LoaderArgs) {
  const { request, params, context } = args;
  const key = params.page;
  if (!isPageKey(key)) {
    await requireStaff({ request, context });
    throw data(null, { status: 404, headers: PREVIEW_HEADERS });
  }
  const { editing } = await loadDraftPreview(args, pageVersions, key);
  const page = (await PAGES[key].loader(args)) as Record<string, unknown>;
  const text = fillPageText(editing.item, DEFAULT_PAGES[key]) as Record<string, unknown>;
  const shown: Record<string, unknown> = { ...page };
  for (const [section, value] of Object.entries(text)) {
    if (!(section in page)) continue;
    // The services page passes its methodology without fields of its own beside the steps.
    shown[section] =
      section === "process" && value && typeof value === "object"
        ? (({ title, subtitle, steps }) => ({ title, subtitle, steps }))(
            value as Record<string, unknown>,
          )
        : value;
  }
  // The page's own fields at the top: a built route component reads its data from the route
  // that renders it (this one), whatever props it is given. What the preview itself needs goes
  // under a name no page's loader uses.
  return data(
    { ...shown, preview: { page: key, live: !editing.draft } },
    { headers: PREVIEW_HEADERS },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  draftPreviewRoute.meta(loaderData ? PAGE_LABELS[loaderData.preview.page] : "page");

export default function PagePreview({ loaderData }: Route.ComponentProps) {
  const {
    preview: { page, live },
    ...shown
  } = loaderData;
  const Page = PAGES[page].default;
  return (
    <PreviewBanner live={live} noun="page" editHref={`/admin/content?page=${page}`}>
      <PreviewForms>
        <Page loaderData={shown} />
      </PreviewForms>
    </PreviewBanner>
  );
}
