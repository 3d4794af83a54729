import { deletedMessage, LibraryListPage } from "~/components/admin/library/library-list-page";
import {
  RESOURCE_COLUMNS,
  ResourceCard,
  STATUS_FILTER_OPTIONS,
  TYPE_FILTER_OPTIONS,
} from "~/components/admin/library/resource-list";
import { ChoiceFilter } from "~/components/admin/list/list-filters";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { countOf } from "~/lib/format";
import { listResourcesForAdmin } from "~/modules/library/resource-admin.server";
import { parseResourceQuery, resourceSearch } from "~/modules/library/resource-query";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/resources";

export const meta: Route.MetaFunction = () => adminMeta("Resources");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const query = parseResourceQuery(url.searchParams);
  const list = await listResourcesForAdmin(runtimeFrom(context).db, query);
  return { query: { ...query, page: list.page }, list, message: deletedMessage(url, "resource") };
}

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { query, list, message } = loaderData;
  const filtered = query.type !== "all" || query.status !== "all";
  return (
    <LibraryListPage
      title="Resources"
      description="Guides, toolkits, reports, whitepapers and case studies for the Resources page. New resources start as drafts; a resource is published once it has its file."
      path="/admin/resources"
      newLabel="New resource"
      message={message}
      filters={{
        label: "Filter resources",
        className: "grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end",
        filtered,
        children: (
          <>
            <ChoiceFilter
              id="resource-type"
              label="Type"
              name="type"
              value={query.type}
              options={TYPE_FILTER_OPTIONS}
            />
            <ChoiceFilter
              id="resource-status"
              label="Status"
              name="status"
              value={query.status}
              options={STATUS_FILTER_OPTIONS}
            />
          </>
        ),
      }}
      count={countOf(list.total, "resource", "resources")}
      table={{
        caption: "Library resources, last changed first",
        columns: RESOURCE_COLUMNS,
        rowKey: (resource) => resource.slug,
        empty: filtered ? "No resources match these filters" : "No resources yet",
        cards: { label: "Resources", card: ResourceCard },
      }}
      list={list}
      hrefOf={(page) => `/admin/resources${resourceSearch(query, { page })}`}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
