import { Link, useNavigation, useRevalidator } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { ChoiceFilter, ListFilters, SearchFilter } from "~/components/admin/list/list-filters";
import { ListPager, ListSummary } from "~/components/admin/list/list-pager";
import { ListTable } from "~/components/admin/list/list-table";
import { PageHeader } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquirySortField,
} from "~/modules/enquiries/enquiry.schema";
import type { EnquiryCounts } from "~/modules/enquiries/enquiry-stats.server";
import type { EnquiryPage } from "~/modules/enquiries/inbox-list.server";
import { type InboxQuery, inboxSearch } from "~/modules/enquiries/inbox-query";
import { columnsOf, EnquiryCard } from "./inbox-columns";

/* The staff inbox: statistics, folders, filters, the list of enquiries and its pages. */

export interface InboxViewProps {
  query: InboxQuery;
  list: EnquiryPage;
  counts: EnquiryCounts;
  spamCount: number;
  notice: string | null;
}

const SORT_LABELS: Record<EnquirySortField, string> = {
  submittedAt: "Submitted",
  fullName: "Name",
  company: "Company",
  status: "Status",
};

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...ENQUIRY_STATUSES.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] })),
];
const SORT_OPTIONS = Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }));
const ORDER_OPTIONS = [
  { value: "desc", label: "Descending (newest first)" },
  { value: "asc", label: "Ascending (oldest first)" },
];

export function InboxView({ query, list, counts, spamCount, notice }: InboxViewProps) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/admin/enquiries");
  const spamFolder = query.folder === "spam";
  const listName = spamFolder ? "Enquiries held back as spam" : "Enquiries";
  const here = inboxSearch(query);
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.items.length - 1;

  return (
    <>
      <PageHeader
        title={spamFolder ? "Enquiries: spam folder" : "Enquiries"}
        description={
          spamFolder
            ? "Posts the spam defence held back. Review them and restore any that are real."
            : "Every enquiry from the website, newest first unless you sort otherwise."
        }
        actions={
          <>
            {hydrated ? (
              <button
                type="button"
                className={buttonClasses.secondary}
                onClick={() => revalidator.revalidate()}
                disabled={revalidator.state === "loading"}
              >
                Refresh
              </button>
            ) : (
              <a href={`/admin/enquiries${here}`} className={buttonClasses.secondary}>
                Refresh
              </a>
            )}
            <a
              href={`/admin/enquiries/export.csv${inboxSearch(query, { page: 1 })}`}
              className={buttonClasses.secondary}
              download
            >
              Export CSV
            </a>
            <Link to="/admin/enquiries/erase" className={buttonClasses.secondary}>
              Erase a person
            </Link>
          </>
        }
      />
      <ActionMessage message={notice} trigger={notice} />

      <section aria-label="Enquiry statistics" className="mb-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Stat
            label="Total"
            value={counts.total}
            to={inboxSearch(query, { status: "all", page: 1, folder: "inbox" })}
          />
          {ENQUIRY_STATUSES.map((status) => (
            <Stat
              key={status}
              label={ENQUIRY_STATUS_LABELS[status]}
              value={counts[status]}
              to={inboxSearch(query, { status, page: 1, folder: "inbox" })}
            />
          ))}
        </dl>
      </section>

      <nav aria-label="Folders" className="mb-4 flex gap-2 border-b border-slate-200">
        <FolderLink
          to={`/admin/enquiries${inboxSearch(query, { folder: "inbox", page: 1 })}`}
          current={!spamFolder}
        >
          Inbox ({counts.total})
        </FolderLink>
        <FolderLink
          to={`/admin/enquiries${inboxSearch(query, { folder: "spam", page: 1 })}`}
          current={spamFolder}
        >
          Spam ({spamCount})
        </FolderLink>
      </nav>

      <ListFilters
        label="Search and sort enquiries"
        action="/admin/enquiries"
        // One row only from 1536 px: narrower, the choices would be cut short ("Desc").
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end 2xl:grid-cols-[2fr_1fr_1fr_1fr_auto]"
        reset={{
          to: `/admin/enquiries${spamFolder ? "?folder=spam" : ""}`,
          label: "Reset",
        }}
      >
        {spamFolder ? <input type="hidden" name="folder" value="spam" /> : null}
        <SearchFilter
          id="enquiry-search"
          value={query.q}
          maxLength={200}
          placeholder="Name, e-mail or company"
        />
        <ChoiceFilter
          id="enquiry-status"
          label="Status"
          name="status"
          value={query.status}
          options={STATUS_OPTIONS}
        />
        <ChoiceFilter
          id="enquiry-sort"
          label="Sort by"
          name="sort"
          value={query.sort}
          options={SORT_OPTIONS}
        />
        <ChoiceFilter
          id="enquiry-dir"
          label="Order"
          name="dir"
          value={query.dir}
          options={ORDER_OPTIONS}
        />
      </ListFilters>

      <ListSummary>
        {loading
          ? "Loading enquiries..."
          : list.total > 0
            ? `Showing ${first}–${last} of ${list.total}`
            : ""}
      </ListSummary>

      <ListTable
        caption={`${listName}, sorted by ${SORT_LABELS[query.sort].toLowerCase()}, ${
          query.dir === "asc" ? "ascending" : "descending"
        }`}
        cards={{
          label: listName,
          card: (enquiry) => <EnquiryCard enquiry={enquiry} here={here} />,
        }}
        columns={columnsOf(here, spamFolder)}
        rows={list.items}
        rowKey={(enquiry) => enquiry.id}
        sort={{ field: query.sort, dir: query.dir }}
        rowClassName="hover:bg-slate-50"
        empty="No enquiries found"
      />

      <ListPager
        page={list.page}
        pageCount={list.pageCount}
        hrefOf={(page) => `/admin/enquiries${inboxSearch(query, { page })}`}
      />
    </>
  );
}

function Stat({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-700">
        <Link to={`/admin/enquiries${to}`} className="hover:underline">
          {label}
        </Link>
      </dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

function FolderLink({
  to,
  current,
  children,
}: {
  to: string;
  current: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${
        current
          ? "border-blue-700 text-blue-800"
          : "border-transparent text-slate-700 hover:text-slate-900"
      }`}
    >
      {children}
    </Link>
  );
}
