import { z } from "zod";
import { istLocalToUtc } from "~/modules/versions/ist";

/*
 * The breach register's forms (issue 27, decision 0063): the record of a breach, with the items
 * DPDP Rules 2025 r.7 asks the notices to carry, and the people it affected. Times are typed in
 * IST (datetime-local) and stored in UTC.
 */

const MAX_TEXT = 5000;
const text = (max = MAX_TEXT) => z.string().trim().max(max, `Must be at most ${max} characters`);
const required = (message: string, max = MAX_TEXT) =>
  z.string().trim().min(1, message).max(max, `Must be at most ${max} characters`);

const IST_MESSAGE = "Enter a real date and time in IST (e.g. 2026-12-01 09:30)";

/** A moment typed in IST, not in the future (a breach is recorded after it is found). */
const pastMoment = (requiredMessage?: string) =>
  z
    .string()
    .trim()
    .refine((value) => value !== "" || !requiredMessage, { error: requiredMessage, abort: true })
    .refine((value) => value === "" || istLocalToUtc(value) !== undefined, {
      error: IST_MESSAGE,
      abort: true,
    })
    .refine(
      (value) => value === "" || Date.parse(istLocalToUtc(value) as string) <= Date.now() + 60_000,
      "This time has not come yet: enter when it happened (IST)",
    )
    .transform((value) => (value === "" ? null : (istLocalToUtc(value) as string)));

export const breachInputSchema = z.object({
  title: required("Give the breach a short name", 120),
  discoveredAt: pastMoment("Enter when the firm found out (IST): the 72 hours run from then"),
  occurredAt: pastMoment(),
  whatHappened: required("Describe what happened: its nature, extent and where"),
  dataAffected: required("Say what personal data it touched"),
  whoAffected: required("Say whose data it was (for example, candidates who applied in March)"),
  consequences: text(),
  mitigation: text(),
  safetySteps: text(),
  causes: text(),
  causedBy: text(),
  prevention: text(),
});

export type BreachInput = z.output<typeof breachInputSchema>;

export interface AffectedPerson {
  email: string;
  name: string;
}

const EMAIL = z.email();
const MAX_PEOPLE = 5000;

/** "Name <address>" or "address", one a line; the first line that is neither is named. */
export function parseAffectedLines(value: string): AffectedPerson[] | string {
  const people = new Map<string, AffectedPerson>();
  const lines = value.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const named = /^(.*)<([^<>]+)>$/.exec(line);
    const email = (named ? (named[2] ?? "") : line).trim().toLowerCase();
    const name = named ? (named[1] ?? "").trim().replace(/^"|"$/g, "") : "";
    if (!EMAIL.safeParse(email).success || email.length > 254 || name.length > 200) {
      return `Line ${index + 1} is not an e-mail address or "Name <address>": ${line.slice(0, 80)}`;
    }
    if (!people.has(email)) people.set(email, { email, name });
  }
  if (people.size === 0) return "Enter at least one e-mail address, one a line";
  if (people.size > MAX_PEOPLE) return `At most ${MAX_PEOPLE} addresses at a time`;
  return [...people.values()];
}

export const affectedInputSchema = z.object({
  people: z
    .string()
    .max(1_000_000, "Too long: add the people in smaller parts")
    .transform((value, ctx) => {
      const parsed = parseAffectedLines(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
});
