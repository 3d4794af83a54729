import { Link } from "react-router";
import { formatDateTime, Panel } from "~/components/admin/page";
import { PURPOSE_RULES } from "~/modules/privacy/purposes";

/*
 * The consent ledger of one address (issue 27, decision 0061), on the records of a person: each
 * consent given or withdrawn, newest first, with the words shown and the notice version. A
 * withdrawal of "Handling my enquiry or booking" tells staff to stop working on it.
 */

export interface ConsentPanelRow {
  id: string;
  purpose: string;
  action: string;
  form: string;
  noticeVersion: number | null;
  words: string;
  createdAt: string;
}

const labelOf = (purpose: string) =>
  (PURPOSE_RULES as Record<string, { label: string } | undefined>)[purpose]?.label ?? purpose;

export function ConsentPanel({ rows, email }: { rows: ConsentPanelRow[]; email: string }) {
  const latest = new Map<string, ConsentPanelRow>();
  for (const row of rows) latest.set(row.purpose, row);
  const handlingWithdrawn = latest.get("enquiry")?.action === "withdrawn";
  return (
    <Panel title="Consents">
      {handlingWithdrawn ? (
        <p className="mb-3 rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">
          This person withdrew consent to handling their enquiry or booking: stop working on it.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">No consent recorded for this address.</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {[...rows].reverse().map((row) => (
            <li key={row.id} className="border-b border-slate-200 pb-3">
              <p className="font-medium text-slate-900">
                {row.action === "given" ? "Given" : "Withdrawn"}: {labelOf(row.purpose)}
              </p>
              <p className="text-slate-700">
                {formatDateTime(row.createdAt)} · {row.form}
                {row.noticeVersion === null ? null : (
                  <>
                    {" · "}
                    <Link
                      className="text-blue-700 underline"
                      to={`/privacy/versions/${row.noticeVersion}`}
                    >
                      notice version {row.noticeVersion}
                    </Link>
                  </>
                )}
              </p>
              <p className="mt-1 text-slate-700">“{row.words}”</p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm">
        <Link
          className="text-blue-700 underline"
          to={`/admin/consents?${new URLSearchParams({ q: email })}`}
        >
          This address in the consent ledger
        </Link>
      </p>
    </Panel>
  );
}
