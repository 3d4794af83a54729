import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { listLedger } from "~/modules/privacy/consent-ledger.server";
import { ledgerFilters, parseLedgerQuery } from "~/modules/privacy/ledger-query";
import { CONSENT_PURPOSES, PURPOSE_RULES } from "~/modules/privacy/purposes";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/consents";

/* The consent ledger (issue 27, decision 0061): every consent given or withdrawn, with filters. */

export const meta: Route.MetaFunction = () => adminMeta("Consents");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const query = parseLedgerQuery(url.searchParams);
  const ledger = await listLedger(runtimeFrom(context).db, ledgerFilters(query), query.page);
  return { query, ...ledger, search: url.search };
}

const purposeLabel = (purpose: string) =>
  (PURPOSE_RULES as Record<string, { label: string } | undefined>)[purpose]?.label ?? purpose;

const inputClass = "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-sm";

export default function Consents({ loaderData }: Route.ComponentProps) {
  const { query, rows, hasNext, search } = loaderData;
  const pageLink = (page: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(page));
    return `?${params}`;
  };
  return (
    <>
      <PageHeader
        title="Consents"
        description="The consent ledger: each consent given or withdrawn, by address and purpose, with the form, the notice version and the exact words shown."
      />
      <Panel title="Filter" className="mb-6">
        <Form method="get" className="grid gap-4 md:grid-cols-5 md:items-end">
          <label className="text-sm font-medium text-slate-800">
            Email
            <input name="q" type="search" defaultValue={query.q} className={inputClass} />
          </label>
          <label className="text-sm font-medium text-slate-800">
            Purpose
            <select name="purpose" defaultValue={query.purpose} className={inputClass}>
              <option value="">All purposes</option>
              {CONSENT_PURPOSES.map((p) => (
                <option key={p} value={p}>
                  {PURPOSE_RULES[p].label}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Action
            <select name="action" defaultValue={query.action} className={inputClass}>
              <option value="">Given or withdrawn</option>
              <option value="given">Given</option>
              <option value="withdrawn">Withdrawn</option>
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            From
            <input name="from" type="date" defaultValue={query.from} className={inputClass} />
          </label>
          <label className="text-sm font-medium text-slate-800">
            To
            <input name="to" type="date" defaultValue={query.to} className={inputClass} />
          </label>
          <div className="flex gap-3 md:col-span-5">
            <button type="submit" className={buttonClasses.primary}>
              Filter
            </button>
            <a className={buttonClasses.secondary} href={`/admin/consents/export.csv${search}`}>
              Download CSV
            </a>
          </div>
        </Form>
      </Panel>
      <Panel title="Ledger">
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">No consents match.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Consents, newest first</caption>
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="py-2 pr-3">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Purpose
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Action
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Form
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Notice
                  </th>
                  <th scope="col" className="py-2">
                    Words shown
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-slate-200 align-top">
                    <td className="whitespace-nowrap py-2 pr-3">{formatDateTime(row.createdAt)}</td>
                    <td className="break-all py-2 pr-3">{row.email}</td>
                    <td className="py-2 pr-3">{purposeLabel(row.purpose)}</td>
                    <td className="py-2 pr-3">{row.action === "given" ? "Given" : "Withdrawn"}</td>
                    <td className="py-2 pr-3">{row.form}</td>
                    <td className="py-2 pr-3">
                      {row.noticeVersion === null ? (
                        "—"
                      ) : (
                        <Link
                          className="text-blue-700 underline"
                          to={`/privacy/versions/${row.noticeVersion}`}
                        >
                          Version {row.noticeVersion}
                        </Link>
                      )}
                    </td>
                    <td className="py-2">{row.words}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Pages" className="mt-4 flex gap-3">
          {query.page > 1 ? (
            <Link className={buttonClasses.secondary} to={pageLink(query.page - 1)}>
              Newer
            </Link>
          ) : null}
          {hasNext ? (
            <Link className={buttonClasses.secondary} to={pageLink(query.page + 1)}>
              Older
            </Link>
          ) : null}
        </nav>
      </Panel>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
