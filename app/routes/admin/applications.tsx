import { ApplicationListView } from "~/components/admin/applications/application-list-view";
import { adminMeta } from "~/components/admin/page";
import {
  applicationPostings,
  countApplicationsByStatus,
  listApplications,
} from "~/modules/applications/application-list.server";
import {
  applicationFiltersOf,
  parseApplicationQuery,
} from "~/modules/applications/application-query";
import { leadSourceChoices } from "~/modules/attribution/lead-sources.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/applications";

export const meta: Route.MetaFunction = () => adminMeta("Applications");

/** Messages a page that redirected here asks the list to show (?notice=…). */
const NOTICES: Record<string, string> = {
  deleted: "Application deleted.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const query = parseApplicationQuery(url.searchParams);
  const { db } = runtimeFrom(context);
  const [list, counts, postings, sourceChoices] = await Promise.all([
    listApplications(db, { ...applicationFiltersOf(query), page: query.page }),
    countApplicationsByStatus(db, query.posting || undefined),
    applicationPostings(db),
    leadSourceChoices(db, "applicationId"),
  ]);
  return {
    query: { ...query, page: list.page },
    list,
    counts,
    postings,
    notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
    sourceChoices,
  };
}

export default function Applications({ loaderData }: Route.ComponentProps) {
  return <ApplicationListView {...loaderData} />;
}
