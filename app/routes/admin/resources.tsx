import { Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import {
  RESOURCE_COLUMNS,
  ResourceCard,
  STATUS_FILTER_OPTIONS,
  TYPE_FILTER_OPTIONS,
} from "~/components/admin/library/resource-list";
import { ChoiceFilter, ListFilters } from "~/components/admin/list/list-filters";
import { ListPager, ListSummary } from "~/components/admin/list/list-pager";
import { ListTable } from "~/components/admin/list/list-table";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
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
  // After a delete the edit page sends staff here with the title, to say what went.
  const deleted = url.searchParams.get("deleted");
  return {
    query: { ...query, page: list.page },
    list,
    message: deleted ? `Deleted the resource "${deleted.slice(0, 200)}".` : undefined,
  };
}

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { query, list, message } = loaderData;
  const filtered = query.type !== "all" || query.status !== "all";
  return (
    <>
      <PageHeader
        title="Resources"
        description="Guides, toolkits, reports, whitepapers and case studies for the Resources page. New resources start as drafts; a resource is published once it has its file."
        actions={
          <Link to="/admin/resources/new" className={buttonClasses.primary}>
            New resource
          </Link>
        }
      />
      <ActionMessage message={message} />
      <ListFilters
        label="Filter resources"
        className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        reset={filtered ? { to: "/admin/resources", label: "Reset" } : null}
      >
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
      </ListFilters>
      <ListSummary>{countOf(list.total, "resource", "resources")}</ListSummary>
      <ListTable
        caption="Library resources, last changed first"
        columns={RESOURCE_COLUMNS}
        rows={list.items}
        rowKey={(resource) => resource.slug}
        empty={filtered ? "No resources match these filters" : "No resources yet"}
        cards={{ label: "Resources", card: ResourceCard }}
      />
      <ListPager
        page={list.page}
        pageCount={list.pageCount}
        hrefOf={(page) => `/admin/resources${resourceSearch(query, { page })}`}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
