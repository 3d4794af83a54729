import { CONSENT_PURPOSES } from "./purposes";

/*
 * The ledger list's filters as the address bar carries them (shared by the page and its CSV).
 * Anything unknown is dropped, never an error: a list's filters are only ever narrowed.
 */
export interface LedgerQuery {
  q: string;
  purpose: string;
  action: string;
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseLedgerQuery(params: URLSearchParams): LedgerQuery {
  const purpose = params.get("purpose") ?? "";
  const action = params.get("action") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    purpose: (CONSENT_PURPOSES as readonly string[]).includes(purpose) ? purpose : "",
    action: action === "given" || action === "withdrawn" ? action : "",
    from: DAY.test(from) ? from : "",
    to: DAY.test(to) ? to : "",
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100000 ? page : 1,
  };
}

/** The filters for the ledger query: days as bounds (the "to" day included). */
export function ledgerFilters(query: LedgerQuery) {
  const next = query.to ? new Date(`${query.to}T00:00:00.000Z`) : undefined;
  if (next) next.setUTCDate(next.getUTCDate() + 1);
  return {
    q: query.q || undefined,
    purpose: query.purpose || undefined,
    action: query.action || undefined,
    from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    to: next ? next.toISOString() : undefined,
  };
}
