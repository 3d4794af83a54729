/*
 * A calculator page's GET form as a query: the values as typed, read from the address (the
 * example when the address names none of the fields) and written back to it. The server renders
 * the page from them; the page's own script (components/calculators/calculator-island.ts) writes
 * the address from the form as one types, so a result can be bookmarked or shared.
 */

export type FormValues<Field extends string> = Record<Field, string>;

/** The form's values from a query: the example when the query names none of the fields. */
export function valuesFromQuery<Field extends string>(
  query: URLSearchParams,
  fields: readonly Field[],
  example: FormValues<Field>,
): FormValues<Field> {
  if (!fields.some((name) => query.has(name))) return { ...example };
  const values = {} as FormValues<Field>;
  for (const name of fields) values[name] = (query.get(name) ?? "").slice(0, 40);
  return values;
}

/** The query of a set of values (empty fields and unticked boxes left out). */
export function queryFromValues<Field extends string>(
  values: FormValues<Field>,
  fields: readonly Field[],
): string {
  const query = new URLSearchParams();
  for (const name of fields) if (values[name].trim() !== "") query.set(name, values[name].trim());
  return query.toString();
}
