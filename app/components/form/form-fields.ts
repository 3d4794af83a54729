import type { z } from "zod";
import { type Constraints, constraintsOf, type FieldConstraint } from "~/lib/form-constraints";

/*
 * One call gives each field of a form everything its control needs: name, required, length
 * limits (from the schema), the value to show (what the user typed when the post failed, else
 * the stored value) and the server's message. Spread it into a control of ./fields.tsx:
 *
 *   const field = fieldsFor(generalSettingsSchema, { values, errors });
 *   <TextField label="Site name" {...field("siteName")} />
 */

/** Any object of values by field name (a loader's record, a draft, what was posted). */
export type FieldValues = object;
export type FieldErrors = Partial<Record<string, string>>;

export interface FieldState {
  values?: FieldValues;
  errors?: FieldErrors;
}

export interface FieldAttributes extends FieldConstraint {
  name: string;
  error?: string;
  defaultValue?: string;
}

/** An object schema, or its constraints computed on the server (constraintsOf). */
type Source<Name extends string> = z.ZodObject<z.ZodRawShape> | Constraints<Name>;

const isSchema = (source: unknown): source is z.ZodObject<z.ZodRawShape> =>
  typeof source === "object" && source !== null && "_zod" in source;

export function fieldsFor<S extends Source<string>>(source: S, state: FieldState = {}) {
  type Name = S extends z.ZodObject<infer Shape> ? Extract<keyof Shape, string> : keyof S & string;
  const constraints: Constraints = isSchema(source) ? constraintsOf(source) : source;
  return function field(name: Name): FieldAttributes {
    const value = (state.values as Record<string, unknown> | undefined)?.[name];
    return {
      name,
      ...constraints[name],
      error: state.errors?.[name],
      defaultValue: typeof value === "string" ? value : value == null ? undefined : String(value),
    };
  };
}

/** A checkbox's attributes: ticked as the user left it (or as stored). */
export function checkboxFor(name: string, state: FieldState = {}) {
  return {
    name,
    defaultChecked: Boolean((state.values as Record<string, unknown> | undefined)?.[name]),
    error: state.errors?.[name],
  };
}
