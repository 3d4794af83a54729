import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { buttonClasses, inputClasses } from "~/components/admin/forms";
import { adminMeta, formatDateTime, PageHeader, Pager, Panel } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquirySortField,
} from "~/modules/enquiries/enquiry.schema";
import { countEnquiriesByStatus } from "~/modules/enquiries/enquiry-stats.server";
import { listEnquiries } from "~/modules/enquiries/inbox-list.server";
import {
  filtersOf,
  type InboxQuery,
  inboxSearch,
  parseInboxQuery,
} from "~/modules/enquiries/inbox-query";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/enquiries";
import { StatusBadge, serviceLabel, spamReasonLabel } from "./enquiries-parts";

export const meta: Route.MetaFunction = () => adminMeta("Enquiries");

/** Messages a page that redirected here asks the list to show (?notice=…). */
const NOTICES: Record<string, string> = {
  deleted: "Enquiry deleted.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const query = parseInboxQuery(url.searchParams);
  const { db } = runtimeFrom(context);
  const [list, counts, spam] = await Promise.all([
    listEnquiries(db, { ...filtersOf(query), page: query.page }),
    countEnquiriesByStatus(db),
    listEnquiries(db, { spam: true, pageSize: 1 }),
  ]);
  return {
    query: { ...query, page: list.page },
    list,
    counts,
    spamCount: spam.total,
    notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
  };
}

const SORT_LABELS: Record<EnquirySortField, string> = {
  submittedAt: "Submitted",
  fullName: "Name",
  company: "Company",
  status: "Status",
};

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { query, list, counts, spamCount, notice } = loaderData;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/admin/enquiries");
  const spamFolder = query.folder === "spam";
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

      <Panel className="mb-6">
        <Form
          method="get"
          action="/admin/enquiries"
          role="search"
          aria-label="Search and sort enquiries"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
        >
          {spamFolder ? <input type="hidden" name="folder" value="spam" /> : null}
          <div>
            <label htmlFor="enquiry-search" className="block text-sm font-medium text-slate-800">
              Search
            </label>
            <input
              key={query.q}
              id="enquiry-search"
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={200}
              placeholder="Name, e-mail or company"
              className={inputClasses}
            />
          </div>
          <Choice
            id="enquiry-status"
            label="Status"
            name="status"
            value={query.status}
            options={[
              { value: "all", label: "All statuses" },
              ...ENQUIRY_STATUSES.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] })),
            ]}
          />
          <Choice
            id="enquiry-sort"
            label="Sort by"
            name="sort"
            value={query.sort}
            options={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <Choice
            id="enquiry-dir"
            label="Order"
            name="dir"
            value={query.dir}
            options={[
              { value: "desc", label: "Descending (newest first)" },
              { value: "asc", label: "Ascending (oldest first)" },
            ]}
          />
          <div className="flex gap-2">
            <button type="submit" className={buttonClasses.primary}>
              Apply
            </button>
            <Link
              to={`/admin/enquiries${spamFolder ? "?folder=spam" : ""}`}
              className={buttonClasses.secondary}
            >
              Reset
            </Link>
          </div>
        </Form>
      </Panel>

      <p role="status" className="mb-3 min-h-5 text-sm text-slate-700">
        {loading
          ? "Loading enquiries..."
          : list.total > 0
            ? `Showing ${first}–${last} of ${list.total}`
            : ""}
      </p>

      {list.items.length === 0 ? (
        <Panel>
          <p className="py-8 text-center text-slate-700">No enquiries found</p>
        </Panel>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">
              {spamFolder ? "Enquiries held back as spam" : "Enquiries"}, sorted by{" "}
              {SORT_LABELS[query.sort].toLowerCase()},{" "}
              {query.dir === "asc" ? "ascending" : "descending"}
            </caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <Th field="fullName" query={query}>
                  Name
                </Th>
                <Th field="company" query={query}>
                  Company
                </Th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Service
                </th>
                <Th field="status" query={query}>
                  Status
                </Th>
                <Th field="submittedAt" query={query}>
                  Submitted
                </Th>
                {spamFolder ? (
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Held back because
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.items.map((enquiry) => (
                <tr key={enquiry.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3 font-medium">
                    <Link
                      to={`/admin/enquiries/${enquiry.id}${here}`}
                      className="text-blue-800 underline"
                    >
                      {enquiry.fullName}
                    </Link>
                  </td>
                  <td className="px-4 py-3">{enquiry.company}</td>
                  <td className="px-4 py-3 break-all">{enquiry.email}</td>
                  <td className="px-4 py-3">{serviceLabel(enquiry.service)}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={enquiry.status} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={enquiry.submittedAt}>
                      {formatDateTime(enquiry.submittedAt)}
                    </time>
                  </td>
                  {spamFolder ? (
                    <td className="px-4 py-3">{spamReasonLabel(enquiry.spamReason)}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager
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

function Choice({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {/* Keyed by value so that back and forward show the choice of the URL they land on. */}
      <select key={value} id={id} name={name} defaultValue={value} className={inputClasses}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A column header; the sorted column says so to assistive technology. */
function Th({
  field,
  query,
  children,
}: {
  field: EnquirySortField;
  query: InboxQuery;
  children: React.ReactNode;
}) {
  const sorted = query.sort === field;
  return (
    <th
      scope="col"
      aria-sort={sorted ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      className="px-4 py-3 font-semibold"
    >
      {children}
      {sorted ? <span aria-hidden="true">{query.dir === "asc" ? " ▲" : " ▼"}</span> : null}
    </th>
  );
}
