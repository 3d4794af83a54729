import { useNavigation } from "react-router";
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
import type {
  ApplicationCounts,
  ApplicationPage,
  PostingChoice,
} from "~/modules/applications/application-list.server";
import {
  type ApplicationQuery,
  type ApplicationSortField,
  applicationSearch,
  DEFAULT_APPLICATION_QUERY,
} from "~/modules/applications/application-query";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
} from "~/modules/applications/application-status";
import { ApplicationCard, applicationColumns } from "./application-columns";
import { postingStatusNote } from "./application-parts";

/* The staff's applications: counts, folders, filters, the list and its pages. */

export interface ApplicationListViewProps {
  query: ApplicationQuery;
  list: ApplicationPage;
  counts: ApplicationCounts;
  postings: PostingChoice[];
  notice: string | null;
  /** The stored sources and campaigns of applications, for the filters. */
  sourceChoices: LeadSourceChoices;
}

const SORT_LABELS: Record<ApplicationSortField, string> = {
  submittedAt: "Submitted",
  fullName: "Name",
  careerTitle: "Position",
  status: "Status",
};
const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] })),
];

const LIST_PATH = "/admin/applications";

export function ApplicationListView({
  query,
  list,
  counts,
  postings,
  notice,
  sourceChoices,
}: ApplicationListViewProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === LIST_PATH;
  const spamFolder = query.folder === "spam";
  const posting = postings.find((p) => p.id === query.posting);
  const here = applicationSearch(query);
  const at = (search: string) => `${LIST_PATH}${search}`;
  const listName = spamFolder ? "Applications held back as spam" : "Applications";
  const filtered = query.q !== "" || query.status !== "all" || query.posting !== "";
  const empty = spamFolder
    ? "No applications are held back as spam."
    : filtered
      ? "No applications match these filters. Clear them with Reset to see every application."
      : "No applications yet. They appear here when candidates apply on a posting's page.";
  const postingOptions = [
    { value: "", label: "All postings" },
    ...postings.map((p) => ({ value: p.id, label: `${p.title}${postingStatusNote(p.status)}` })),
  ];
  // A posting link for a posting that is gone keeps its id selectable.
  if (query.posting && !posting)
    postingOptions.push({ value: query.posting, label: query.posting });

  return (
    <>
      <PageHeader
        title={posting ? `Applications: ${posting.title}` : "Applications"}
        description={
          spamFolder
            ? "Applications the spam defence held back. Review them and move any that are real."
            : "Job applications from the careers pages, newest first unless you sort otherwise."
        }
        actions={
          <a
            href={`${LIST_PATH}/export.csv${applicationSearch(query, { page: 1 })}`}
            className={buttonClasses.secondary}
            download
          >
            Export CSV
          </a>
        }
      />
      <ActionMessage message={notice} trigger={notice} />

      {/* The counts are the list's: above the spam folder they would describe another list. */}
      {spamFolder ? null : (
        <ListStats
          label="Application statistics"
          className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7"
          stats={statusStats(APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, counts, (status) =>
            at(applicationSearch(query, { status, page: 1, folder: "applications" })),
          )}
        />
      )}
      <SpamFolderTabs
        main={{ name: "Applications", folder: "applications", count: counts.total }}
        spamCount={counts.spam}
        spamFolder={spamFolder}
        hrefOf={(folder) => at(applicationSearch(query, { folder, page: 1 }))}
      />

      <ListFilters
        label="Search and sort applications"
        action={LIST_PATH}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end 2xl:grid-cols-[2fr_2fr_1fr_1fr_1fr_auto]"
        reset={{
          to: `${LIST_PATH}${applicationSearch(DEFAULT_APPLICATION_QUERY, { folder: query.folder })}`,
          label: "Reset",
        }}
      >
        {spamFolder ? <input type="hidden" name="folder" value="spam" /> : null}
        <SearchFilter
          id="application-search"
          value={query.q}
          maxLength={200}
          placeholder="Name, e-mail or position"
        />
        <ChoiceFilter
          id="application-posting"
          label="Posting"
          name="posting"
          value={query.posting}
          options={postingOptions}
        />
        <ChoiceFilter
          id="application-status-filter"
          label="Status"
          name="status"
          value={query.status}
          options={STATUS_OPTIONS}
        />
        <SortFilters
          idPrefix="application"
          labels={SORT_LABELS}
          sort={query.sort}
          dir={query.dir}
        />
        <LeadSourceFilters
          idPrefix="application"
          choices={sourceChoices}
          source={query.source}
          campaign={query.campaign}
        />
      </ListFilters>

      <ListSummary>{shownRange(list, loading && "Loading applications...")}</ListSummary>

      <ListTable
        caption={sortedCaption(listName, SORT_LABELS[query.sort], query.dir)}
        cards={{
          label: listName,
          card: (application) => <ApplicationCard application={application} here={here} />,
        }}
        columns={applicationColumns(here)}
        rows={list.items}
        rowKey={(application) => application.id}
        sort={{ field: query.sort, dir: query.dir }}
        rowClassName="hover:bg-slate-50"
        empty={empty}
      />

      <ListPager
        page={list.page}
        pageCount={list.pageCount}
        hrefOf={(page) => at(applicationSearch(query, { page }))}
      />
    </>
  );
}
