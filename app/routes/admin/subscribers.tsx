import { data, Form, useNavigation } from "react-router";
import { LeadSourceCell } from "~/components/admin/attribution/lead-source-panel";
import { buttonClasses } from "~/components/admin/forms";
import { ChoiceFilter, ListFilters, SearchFilter } from "~/components/admin/list/list-filters";
import { ListPager } from "~/components/admin/list/list-pager";
import { Badge, type ListColumn, ListTable } from "~/components/admin/list/list-table";
import { adminMeta, formatDateTime, PageHeader } from "~/components/admin/page";
import {
  ConfirmationPanel,
  type ConfirmationRequest,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { leadSourcesOf } from "~/modules/attribution/lead-sources.server";
import { eraseSubscriber } from "~/modules/leads/erasure.server";
import {
  newsletterEmailSchema,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type Subscriber,
  type SubscriberStatus,
} from "~/modules/newsletter/newsletter.schema";
import { countSubscribers, listSubscribers } from "~/modules/newsletter/subscriber-list.server";
import { parseSubscriberQuery, subscriberSearch } from "~/modules/newsletter/subscriber-query";
import { requireAdmin, requireStaff } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = () => adminMeta("Subscribers");

const ERASE_CONFIRMATION = {
  title: "Erase subscriber",
  description:
    "Are you sure you want to erase this subscriber? The address and its consent record will be deleted. This cannot be undone.",
  confirmLabel: "Erase",
};

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...SUBSCRIBER_STATUSES.map((status) => ({
    value: status,
    label: SUBSCRIBER_STATUS_LABELS[status],
  })),
];

const STATUS_BADGES: Record<SubscriberStatus, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
  subscribed: "bg-green-100 text-green-900 ring-green-300",
  unsubscribed: "bg-slate-200 text-slate-800 ring-slate-300",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const query = parseSubscriberQuery(new URL(request.url).searchParams);
  const { db } = runtimeFrom(context);
  const [list, ...counts] = await Promise.all([
    listSubscribers(db, { q: query.q, status: query.status, page: query.page }),
    ...SUBSCRIBER_STATUSES.map((status) => countSubscribers(db, { status })),
  ]);
  return {
    query: { ...query, page: list.page },
    list,
    counts: Object.fromEntries(SUBSCRIBER_STATUSES.map((s, i) => [s, counts[i] ?? 0])) as Record<
      SubscriberStatus,
      number
    >,
    // Erasing is for admins (issue 24): editors read the list without the Erase buttons.
    canErase: user.role === "admin",
    // Where each sign-up on the page came from (issue 26), by subscriber id.
    leadSources: Object.fromEntries(
      await leadSourcesOf(
        db,
        "subscriberId",
        list.items.map((subscriber) => subscriber.id),
      ),
    ),
  };
}

/** The page's one change, erasing a subscriber, removes personal data for good: admins only. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const form = await requireForm(request);
  if (form.get("intent") !== "erase") {
    return data({ message: "Error: unknown request." }, { status: 400 });
  }
  const email = newsletterEmailSchema.safeParse(form.get("email") ?? "");
  if (!email.success) {
    return data({ message: "Error erasing subscriber: no such address." }, { status: 400 });
  }
  if (!isConfirmed(form)) {
    return { confirmation: confirmationRequest(form, ERASE_CONFIRMATION) };
  }
  const erased = await eraseSubscriber(runtimeFrom(context).db, email.data, {
    id: user.id,
    name: user.name || user.username,
  });
  if (!erased) {
    return data({ message: "Error erasing subscriber: no such address." }, { status: 404 });
  }
  return { message: `Erased ${email.data}.` };
}

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, counts, canErase, leadSources } = loaderData;
  const result = actionData as { message?: string; confirmation?: ConfirmationRequest } | undefined;
  const busy = useNavigation().state === "submitting";
  const here = subscriberSearch(query);
  const eraseColumn: ListColumn<Subscriber> = {
    id: "actions",
    header: <span className="sr-only">Actions</span>,
    className: "text-right",
    cell: (s) => (
      <Form method="post">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="email" value={s.email} />
        <ConfirmSubmit
          {...ERASE_CONFIRMATION}
          className={buttonClasses.small}
          disabled={busy}
          aria-label={`Erase ${s.email}`}
        >
          Erase
        </ConfirmSubmit>
      </Form>
    ),
  };
  const columns: ListColumn<Subscriber>[] = [
    { id: "email", header: "E-mail", className: "font-medium break-all", cell: (s) => s.email },
    {
      id: "status",
      header: "Status",
      cell: (s) => (
        <Badge colours={STATUS_BADGES[s.status]}>{SUBSCRIBER_STATUS_LABELS[s.status]}</Badge>
      ),
    },
    { id: "source", header: "Source", cell: (s) => s.source },
    {
      id: "cameFrom",
      header: "Came from",
      cell: (s) => <LeadSourceCell source={leadSources[s.id] ?? null} />,
    },
    {
      id: "consent",
      header: "Consent given",
      className: "whitespace-nowrap",
      cell: (s) => <time dateTime={s.consentedAt}>{formatDateTime(s.consentedAt)}</time>,
    },
    ...(canErase ? [eraseColumn] : []),
  ];
  return (
    <>
      <PageHeader
        title="Subscribers"
        description="Newsletter sign-ups with their consent. Pending addresses have not confirmed yet."
        actions={
          <a
            href={`/admin/subscribers/export.csv${subscriberSearch(query, { page: 1 })}`}
            className={buttonClasses.secondary}
            download
          >
            Export CSV
          </a>
        }
      />
      <ActionMessage message={result?.message} trigger={result} />
      <ConfirmationPanel request={result?.confirmation} cancelHref={`/admin/subscribers${here}`} />

      <section aria-label="Subscriber statistics" className="mb-6">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {SUBSCRIBER_STATUSES.map((status) => (
            <div key={status} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-700">{SUBSCRIBER_STATUS_LABELS[status]}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">{counts[status]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ListFilters
        label="Search subscribers"
        className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        reset={{ to: "/admin/subscribers", label: "Reset" }}
      >
        <SearchFilter
          id="subscriber-search"
          value={query.q}
          maxLength={200}
          placeholder="E-mail address"
        />
        <ChoiceFilter
          id="subscriber-status"
          label="Status"
          name="status"
          value={query.status}
          options={STATUS_OPTIONS}
        />
      </ListFilters>

      <ListTable
        caption="Newsletter subscribers, newest first"
        columns={columns}
        rows={list.items}
        rowKey={(subscriber) => subscriber.id}
        empty="No subscribers found"
      />

      <ListPager
        page={list.page}
        pageCount={list.pageCount}
        hrefOf={(page) => `/admin/subscribers${subscriberSearch(query, { page })}`}
      />
    </>
  );
}
