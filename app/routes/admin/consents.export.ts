import { createReadableStreamFromReadable } from "@react-router/node";
import { csvStream } from "~/lib/csv-stream.server";
import { indiaDateKey } from "~/lib/india-format";
import { streamLedger } from "~/modules/privacy/consent-ledger.server";
import { ledgerFilters, parseLedgerQuery } from "~/modules/privacy/ledger-query";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/consents.export";

/** GET /admin/consents/export.csv with the ledger page's filters (decision 0061). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, { respond: "status" });
  const query = parseLedgerQuery(new URL(request.url).searchParams);
  const csv = csvStream({
    columns: [
      "When",
      "Email",
      "Purpose",
      "Action",
      "Form",
      "Notice Version",
      "Words Shown",
      "Record",
    ],
    batches: streamLedger(runtimeFrom(context).db, ledgerFilters(query)),
    recordOf: (row) => [
      row.createdAt,
      row.email,
      row.purpose,
      row.action,
      row.form,
      row.noticeVersion === null ? "" : String(row.noticeVersion),
      row.words,
      row.recordType ? `${row.recordType}:${row.recordId ?? ""}` : "",
    ],
    failureEvent: "consent_export_failed",
  });
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="consents_${indiaDateKey(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
