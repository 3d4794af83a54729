import { Link, useNavigation, useRevalidator } from "react-router";
import {
  type LeadSourceChoices,
  LeadSourceFilters,
} from "~/components/admin/attribution/lead-source-filters";
import { buttonClasses } from "~/components/admin/forms";
import { ChoiceFilter, ListFilters, SearchFilter } from "~/components/admin/list/list-filters";
import { ListPager, ListSummary } from "~/components/admin/list/list-pager";
import {
  ListStats,
  SortFilters,
  SpamFolderTabs,
  shownRange,
  sortedCaption,
  statusStats,
} from "~/components/admin/list/list-parts";
import { ListTable } from "~/components/admin/list/list-table";
import { PageHeader } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { EnquiryConsultation } from "~/modules/bookings/enquiry-consultations.server";
import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquirySortField,
} from "~/modules/enquiries/enquiry-options";
import type { EnquiryCounts } from "~/modules/enquiries/enquiry-stats.server";
import type { EnquiryPage } from "~/modules/enquiries/inbox-list.server";
import { type InboxQuery, inboxSearch } from "~/modules/enquiries/inbox-query";
import { columnsOf, EnquiryCard } from "./inbox-columns";

/* The staff inbox: statistics, folders, filters, the list of enquiries and its pages. */

export interface InboxViewProps {
  query: InboxQuery;
  list: EnquiryPage;
  /** The slots of the page's enquiries made by booking, by enquiry id. */
  consultations: Record<string, EnquiryConsultation>;
  counts: EnquiryCounts;
  spamCount: number;
  notice: string | null;
  /** Whether the staff member may erase a person (admins only). */
  canErase: boolean;
  /** The stored sources and campaigns, for the filters. */
  sourceChoices: LeadSourceChoices;
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

export function InboxView({
  query,
  list,
  consultations,
  counts,
  spamCount,
  notice,
  canErase,
  sourceChoices,
}: InboxViewProps) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/admin/enquiries");
  const spamFolder = query.folder === "spam";
  const listName = spamFolder ? "Enquiries held back as spam" : "Enquiries";
  const here = inboxSearch(query);
  const at = (search: string) => `/admin/enquiries${search}`;

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
              <a href={at(here)} className={buttonClasses.secondary}>
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
            {canErase ? (
              <Link to="/admin/enquiries/erase" className={buttonClasses.secondary}>
                Erase a person
              </Link>
            ) : null}
          </>
        }
      />
      <ActionMessage message={notice} trigger={notice} />

      {/* The counts are the inbox's: above the spam folder they would describe another list. */}
      {spamFolder ? null : (
        <ListStats
          label="Enquiry statistics"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          stats={statusStats(ENQUIRY_STATUSES, ENQUIRY_STATUS_LABELS, counts, (status) =>
            at(inboxSearch(query, { status, page: 1, folder: "inbox" })),
          )}
        />
      )}
      <SpamFolderTabs
        main={{ name: "Inbox", folder: "inbox", count: counts.total }}
        spamCount={spamCount}
        spamFolder={spamFolder}
        hrefOf={(folder) => at(inboxSearch(query, { folder, page: 1 }))}
      />

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
        <LeadSourceFilters
          idPrefix="enquiry"
          choices={sourceChoices}
          source={query.source}
          campaign={query.campaign}
        />
        <SortFilters idPrefix="enquiry" labels={SORT_LABELS} sort={query.sort} dir={query.dir} />
      </ListFilters>

      <ListSummary>{shownRange(list, loading && "Loading enquiries...")}</ListSummary>

      <ListTable
        caption={sortedCaption(listName, SORT_LABELS[query.sort], query.dir)}
        cards={{
          label: listName,
          card: (enquiry) => (
            <EnquiryCard enquiry={enquiry} here={here} consultation={consultations[enquiry.id]} />
          ),
        }}
        columns={columnsOf(here, spamFolder, consultations)}
        rows={list.items}
        rowKey={(enquiry) => enquiry.id}
        sort={{ field: query.sort, dir: query.dir }}
        rowClassName="hover:bg-slate-50"
        empty="No enquiries found"
      />

      <ListPager
        page={list.page}
        pageCount={list.pageCount}
        hrefOf={(page) => at(inboxSearch(query, { page }))}
      />
    </>
  );
}
