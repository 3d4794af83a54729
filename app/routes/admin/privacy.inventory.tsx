import { Link } from "react-router";
import { AdminErrorBoundary, adminMeta, PageHeader, Panel } from "~/components/admin/page";
import { countOf, plural } from "~/lib/format";
import { inventoryReport } from "~/modules/data-inventory/inventory-report.server";
import { requireAdmin } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/privacy.inventory";

/*
 * The data inventory (issue 27, decision 0063): every column of the database that holds personal
 * data, with its kind, purpose, retention and legal basis, read from
 * modules/data-inventory/inventory.ts and compared with the database's real columns.
 */

export const meta: Route.MetaFunction = () => adminMeta("Data inventory");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return inventoryReport(runtimeFrom(context).db);
}

const cell = "py-2 pr-3 align-top";

export default function DataInventory({ loaderData }: Route.ComponentProps) {
  const { personal, other, columnCount, findings } = loaderData;
  const personalCount = personal.reduce((sum, table) => sum + table.columns.length, 0);
  const problems = [...findings.unclassified, ...findings.stale];
  return (
    <>
      <PageHeader
        title="Data inventory"
        description={
          <>
            Every field of the database that holds personal data, why it is kept, for how long and
            on which legal basis. What the{" "}
            <Link className="text-blue-700 underline" to="/privacy">
              privacy notice
            </Link>{" "}
            says should match it.
          </>
        }
      />
      {problems.length > 0 ? (
        <p role="alert" className="mb-6 rounded-md bg-red-50 px-4 py-3 text-sm text-red-900">
          The inventory does not match the database: {problems.join(", ")}. A developer must
          classify {problems.length === 1 ? "this column" : "these columns"} in
          app/modules/data-inventory/inventory.ts.
        </p>
      ) : (
        <p role="status" className="mb-6 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900">
          All {countOf(columnCount, "column", "columns")} of the database are classified:{" "}
          {personalCount} {plural(personalCount, "holds", "hold")} personal data.
        </p>
      )}
      <Panel title="Personal data" className="mb-6">
        <section
          aria-label="Personal data, table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption className="sr-only">Personal data by table and field</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className={cell}>
                  Field
                </th>
                <th scope="col" className={cell}>
                  Kind of data
                </th>
                <th scope="col" className={cell}>
                  Purpose
                </th>
                <th scope="col" className={cell}>
                  Kept for
                </th>
                <th scope="col" className={cell}>
                  Legal basis
                </th>
              </tr>
            </thead>
            {personal.map((table) => (
              <tbody key={table.table} className="border-b border-slate-300">
                <tr className="bg-slate-50">
                  <th scope="colgroup" colSpan={5} className="px-2 py-2 font-semibold">
                    {table.holds} <span className="font-mono font-normal">({table.table})</span>
                  </th>
                </tr>
                {table.columns.map((row) => (
                  <tr key={row.column} className="border-t border-slate-100">
                    <th scope="row" className={`${cell} font-mono font-normal`}>
                      {row.column}
                    </th>
                    <td className={cell}>{row.kind}</td>
                    <td className={cell}>{row.purpose}</td>
                    <td className={cell}>{row.retention}</td>
                    <td className={cell}>{row.basis}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </section>
      </Panel>
      <Panel title="Fields with no personal data">
        <p className="mb-3 text-sm text-slate-700">
          Keys, statuses, times and the firm's own content. Keys that only link records are listed
          here; the record they point at is where a person's data is.
        </p>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-blue-800">
            Show {countOf(other.length, "table", "tables")}
          </summary>
          <dl className="mt-3 space-y-2">
            {other.map((table) => (
              <div key={table.table}>
                <dt className="font-semibold">
                  {table.holds} <span className="font-mono font-normal">({table.table})</span>
                </dt>
                <dd className="font-mono text-slate-700">{table.columns.join(", ")}</dd>
              </div>
            ))}
          </dl>
        </details>
      </Panel>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
