import { Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { ChoiceFilter, ListFilters, SearchFilter } from "~/components/admin/list/list-filters";
import { ListPager, ListSummary } from "~/components/admin/list/list-pager";
import { Badge, type ListColumn, ListTable } from "~/components/admin/list/list-table";
import { AdminErrorBoundary, adminMeta, formatDateTime, PageHeader } from "~/components/admin/page";
import { countOf } from "~/lib/format";
import { listPeople, peopleTags } from "~/modules/people/people.server";
import {
  cursorText,
  parsePeopleCursors,
  parsePeopleQuery,
  peopleSearch,
} from "~/modules/people/people-query";
import type { PersonSummary } from "~/modules/people/people-rows.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/people";

export const meta: Route.MetaFunction = () => adminMeta("People");

/* One record per e-mail address (issue 26): the list, its search, tag filter, paging and CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const params = new URL(request.url).searchParams;
  const query = parsePeopleQuery(params);
  const { db } = runtimeFrom(context);
  const [list, tags] = await Promise.all([
    listPeople(db, { q: query.q, tag: query.tag, page: query.page, ...parsePeopleCursors(params) }),
    peopleTags(db),
  ]);
  return { query: { ...query, page: list.page }, list, tags };
}

const TAG_BADGE = "bg-blue-50 text-blue-900 ring-blue-200";

const columns: ListColumn<PersonSummary>[] = [
  {
    id: "name",
    header: "Name",
    className: "font-medium",
    cell: (p) => (
      <Link to={`/admin/people/${p.id}`} className="text-blue-800 underline">
        {p.name || p.email}
      </Link>
    ),
  },
  { id: "email", header: "E-mail", className: "break-all", cell: (p) => p.email },
  { id: "company", header: "Company", showFrom: "xl", cell: (p) => p.company },
  {
    id: "tags",
    header: "Tags",
    showFrom: "xl",
    cell: (p) => (
      <span className="flex flex-wrap gap-1">
        {p.tags.map((tag) => (
          <Badge key={tag} colours={TAG_BADGE}>
            {tag}
          </Badge>
        ))}
      </span>
    ),
  },
  {
    id: "lastSeenAt",
    header: "Last seen",
    className: "whitespace-nowrap",
    cell: (p) => <time dateTime={p.lastSeenAt}>{formatDateTime(p.lastSeenAt)}</time>,
  },
];

export default function People({ loaderData }: Route.ComponentProps) {
  const { query, list, tags } = loaderData;
  return (
    <>
      <PageHeader
        title="People"
        description="One record per e-mail address: enquiries, resource requests, bookings, job applications and the newsletter together."
        actions={
          <a
            href={`/admin/people/export.csv${peopleSearch(query, { page: 1 })}`}
            className={buttonClasses.secondary}
            download
          >
            Export CSV
          </a>
        }
      />
      <ListFilters
        label="Search people"
        className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        reset={{ to: "/admin/people", label: "Reset" }}
      >
        <SearchFilter
          id="people-search"
          value={query.q}
          maxLength={200}
          placeholder="Name, e-mail or company"
        />
        <ChoiceFilter
          id="people-tag"
          label="Tag"
          name="tag"
          value={query.tag}
          options={[
            { value: "", label: "All tags" },
            ...tags.map((tag) => ({ value: tag, label: tag })),
          ]}
        />
      </ListFilters>
      <ListSummary>
        {list.capped
          ? `More than ${list.total.toLocaleString("en-IN")} people match: the ${list.total.toLocaleString("en-IN")} seen most recently are listed. Add to the search to narrow it.`
          : countOf(list.total, "person", "people")}
      </ListSummary>
      <ListTable
        caption="People, most recently seen first"
        columns={columns}
        rows={list.items}
        rowKey={(person) => person.id}
        empty="No people found"
      />
      <ListPager
        page={list.page}
        pageCount={list.pageCount}
        hrefOf={(page) =>
          `/admin/people${peopleSearch(
            query,
            { page },
            // The neighbouring pages by their first or last person (an index seek at any depth).
            page === list.page + 1 && list.after
              ? { after: cursorText(list.after) }
              : page === list.page - 1 && list.before
                ? { before: cursorText(list.before) }
                : {},
          )}`
        }
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
