import { data, Form, Link, useNavigation } from "react-router";
import { buttonClasses, inputClasses } from "~/components/admin/forms";
import { adminMeta, formatDateTime, PageHeader, Pager, Panel } from "~/components/admin/page";
import {
  ConfirmationPanel,
  type ConfirmationRequest,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { eraseSubscriber } from "~/modules/enquiries/inbox.server";
import {
  newsletterEmailSchema,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from "~/modules/newsletter/newsletter.schema";
import { countSubscribers, listSubscribers } from "~/modules/newsletter/newsletter.server";
import { parseSubscriberQuery, subscriberSearch } from "~/modules/newsletter/subscriber-query";
import { requireStaff } from "~/web/guards.server";
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

const STATUS_BADGES: Record<SubscriberStatus, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
  subscribed: "bg-green-100 text-green-900 ring-green-300",
  unsubscribed: "bg-slate-200 text-slate-800 ring-slate-300",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
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
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
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
  const { query, list, counts } = loaderData;
  const result = actionData as { message?: string; confirmation?: ConfirmationRequest } | undefined;
  const busy = useNavigation().state === "submitting";
  const here = subscriberSearch(query);
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

      <Panel className="mb-6">
        <Form
          method="get"
          role="search"
          aria-label="Search subscribers"
          className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        >
          <div>
            <label htmlFor="subscriber-search" className="block text-sm font-medium text-slate-800">
              Search
            </label>
            <input
              key={query.q}
              id="subscriber-search"
              type="search"
              name="q"
              maxLength={200}
              defaultValue={query.q}
              placeholder="E-mail address"
              className={inputClasses}
            />
          </div>
          <div>
            <label htmlFor="subscriber-status" className="block text-sm font-medium text-slate-800">
              Status
            </label>
            <select
              key={query.status}
              id="subscriber-status"
              name="status"
              defaultValue={query.status}
              className={inputClasses}
            >
              <option value="all">All statuses</option>
              {SUBSCRIBER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {SUBSCRIBER_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <button type="submit" className={buttonClasses.primary}>
              Apply
            </button>
            <Link to="/admin/subscribers" className={buttonClasses.secondary}>
              Reset
            </Link>
          </div>
        </Form>
      </Panel>

      {list.items.length === 0 ? (
        <Panel>
          <p className="py-8 text-center text-slate-700">No subscribers found</p>
        </Panel>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Newsletter subscribers, newest first</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Source
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Consent given
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.items.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td className="px-4 py-3 font-medium break-all">{subscriber.email}</td>
                  <td className="px-4 py-3">
                    <span
                      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_BADGES[subscriber.status]}`}
                    >
                      {SUBSCRIBER_STATUS_LABELS[subscriber.status]}
                    </span>
                  </td>
                  <td className="px-4 py-3">{subscriber.source}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={subscriber.consentedAt}>
                      {formatDateTime(subscriber.consentedAt)}
                    </time>
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Form method="post">
                      <input type="hidden" name="intent" value="erase" />
                      <input type="hidden" name="email" value={subscriber.email} />
                      <ConfirmSubmit
                        {...ERASE_CONFIRMATION}
                        className={buttonClasses.small}
                        disabled={busy}
                        aria-label={`Erase ${subscriber.email}`}
                      >
                        Erase
                      </ConfirmSubmit>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager
        page={list.page}
        pageCount={list.pageCount}
        hrefOf={(page) => `/admin/subscribers${subscriberSearch(query, { page })}`}
      />
    </>
  );
}
