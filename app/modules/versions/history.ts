import { diffFields, type FieldDiff } from "./diff";
import type { ContentVersion } from "./versions.server";

/*
 * What a history page shows (issue 29, decision 0060): the versions without their content, and
 * the comparison the address asks for (`?from=&to=`), by default the newest version against the
 * one before it. Pure, for any kind of content.
 */

const numberParam = (value: string | null) =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : undefined;

/** A version number as a form or address gives it; undefined when it is not one. */
export const versionNumberOf = (value: unknown) =>
  numberParam(typeof value === "string" ? value : null);

export function historyView(
  versions: ContentVersion[],
  search: URLSearchParams,
  labelsOf: (fields: Record<string, string>) => Record<string, string>,
): {
  versions: Omit<ContentVersion, "fields">[];
  from?: number;
  to?: number;
  diff?: FieldDiff[];
} {
  const from = numberParam(search.get("from")) ?? versions[1]?.number;
  const to = numberParam(search.get("to")) ?? versions[0]?.number;
  const a = versions.find((version) => version.number === from);
  const b = versions.find((version) => version.number === to);
  return {
    versions: versions.map(({ fields: _fields, ...row }) => row),
    from,
    to,
    diff:
      a && b ? diffFields(a.fields, b.fields, labelsOf({ ...a.fields, ...b.fields })) : undefined,
  };
}
