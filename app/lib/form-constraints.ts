import type { z } from "zod";

/*
 * What an HTML control can say about a field before it is posted: required, and the length
 * limits. Read from the field's Zod schema (the one the action parses with), so a limit is
 * written once, in the schema. Only types come from zod here: the schema itself brings zod, and
 * a page that must not load zod gets the plain result from its loader (see constraintsOf).
 */

export interface FieldConstraint {
  required?: boolean;
  maxLength?: number;
  minLength?: number;
}

export type Constraints<Name extends string = string> = Partial<Record<Name, FieldConstraint>>;

type AnySchema = z.ZodType;

/** The schema whose checks limit what is typed: through optional, default, nullable and pipes. */
function innermost(schema: AnySchema): AnySchema {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = current._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
    if (def.type === "pipe" && def.in) current = def.in;
    else if (def.innerType) current = def.innerType;
    else break;
  }
  return current;
}

/** One field's constraint, read from its schema. */
export function constraintOf(schema: AnySchema): FieldConstraint {
  const leaf = innermost(schema) as AnySchema & {
    maxLength?: number | null;
    minLength?: number | null;
  };
  const type = (leaf._zod.def as { type: string }).type;
  if (type !== "string" && type !== "enum") return {};
  const constraint: FieldConstraint = {};
  // Required when an empty answer is refused (optional and "" allowed are not required).
  if (!schema.safeParse("").success) constraint.required = true;
  if (typeof leaf.maxLength === "number") constraint.maxLength = leaf.maxLength;
  if (typeof leaf.minLength === "number" && leaf.minLength > 1)
    constraint.minLength = leaf.minLength;
  return constraint;
}

/**
 * `{ field: { required, maxLength, minLength } }` for every field of an object schema. Plain
 * data: a public page computes it in its loader and hands it to the form, so that its browser
 * bundle does not carry the schema library.
 */
export function constraintsOf<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
): Constraints<Extract<keyof Shape, string>> {
  const constraints: Constraints<Extract<keyof Shape, string>> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    constraints[name as Extract<keyof Shape, string>] = constraintOf(field as AnySchema);
  }
  return constraints;
}
