import type { z } from "zod";
import { fieldErrors } from "~/lib/field-errors";

/*
 * Reading a posted form with its schema, the same way for a post with or without JavaScript:
 * every field of the schema's shape is read from the form (a checkbox as ticked or not, anything
 * else as the text typed), the schema checks it, and a failure comes back with what was typed
 * (never a password) and one message per field, ready for the form to show again (fieldsFor in
 * app/components/form/form-fields.ts).
 */

export type FormValues = Record<string, string | boolean>;

export type ParsedForm<Output> =
  | { success: true; data: Output; values: FormValues }
  | { success: false; values: FormValues; errors: Record<string, string> };

type ObjectSchema = z.ZodType & { shape: z.ZodRawShape };

/** A field whose schema takes a boolean is a checkbox: "on" when ticked, absent when not. */
function isCheckbox(field: z.ZodType): boolean {
  let current = field;
  for (let depth = 0; depth < 10; depth++) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType };
    if (def.type === "boolean") return true;
    if (!def.innerType) return false;
    current = def.innerType;
  }
  return false;
}

/** Passwords are never sent back to the browser, so they are never part of the values shown. */
const isSecret = (name: string) => /password/i.test(name);

/** The schema's fields as the form sent them (all of them, passwords included: for parsing). */
function postedValues(schema: ObjectSchema, form: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const value = form.get(name);
    values[name] = isCheckbox(field as z.ZodType)
      ? value === "on"
      : typeof value === "string"
        ? value
        : "";
  }
  return values;
}

export interface ParseFormOptions {
  /** What the schema gets, made from the posted values (e.g. a textarea's lines as a list). */
  input?: (values: FormValues) => Record<string, unknown>;
}

/** Parses a posted form with `schema`; see ParsedForm. */
export function parseForm<Schema extends ObjectSchema>(
  schema: Schema,
  form: FormData,
  options: ParseFormOptions = {},
): ParsedForm<z.output<Schema>> {
  const posted = postedValues(schema, form);
  const parsed = schema.safeParse(options.input ? options.input(posted) : posted);
  const values = Object.fromEntries(Object.entries(posted).filter(([name]) => !isSecret(name)));
  if (parsed.success) return { success: true, data: parsed.data, values };
  return { success: false, values, errors: fieldErrors(parsed.error) };
}
