import { type FormEvent, useState } from "react";
import { calculatorPath } from "~/modules/calculators/catalogue";
import type { BreakdownOutcome, Calculator } from "~/modules/calculators/shared/calculator-model";

/*
 * The state of a calculator page's GET form (wage check, gratuity, ESOP; the CTC page does the
 * same inline): the values as typed, their query, the inputs read from it with one message per
 * field, and the breakdown. On every input the same pure functions run in the browser and the
 * address follows, so a result can be bookmarked or shared; without JavaScript the server renders
 * the same from the query.
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

export function useCalculatorForm<Field extends string, Input>(
  calculator: Calculator<Input>,
  fields: readonly Field[],
  initial: FormValues<Field>,
) {
  const [values, setValues] = useState(initial);
  const query = queryFromValues(values, fields);
  const read = calculator.readInputs(new URLSearchParams(query));
  const outcome: BreakdownOutcome | undefined = read.ok
    ? calculator.breakdown(read.input)
    : undefined;
  const errors: Record<string, string> = read.ok ? {} : read.errors;

  function recompute(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const next = {} as FormValues<Field>;
    for (const name of fields) {
      const value = form.get(name);
      next[name] = typeof value === "string" ? value : "";
    }
    setValues(next);
    const search = queryFromValues(next, fields);
    window.history.replaceState(
      window.history.state,
      "",
      `${calculatorPath(calculator.slug)}?${search}`,
    );
  }

  /** Props of a text or select field: name, label, hint, message and the first value. */
  const field = (name: Field, label: string, hint?: string) => ({
    name,
    label,
    hint,
    error: errors[name],
    defaultValue: initial[name],
  });
  /** Props of a checkbox: ticked when its first value is not empty. */
  const box = (name: Field, label: string) => ({
    name,
    label,
    value: "yes",
    error: errors[name],
    defaultChecked: initial[name] !== "",
  });

  return { query, outcome, errors, recompute, field, box };
}
