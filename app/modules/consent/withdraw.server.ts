import type { DB } from "~/db/client.server";
import { runCommand } from "~/modules/commands/command.server";
import { WEBSITE_VISITOR } from "~/modules/forms/public-form.server";
import {
  ledgerEmail,
  recordConsent,
  standingConsents,
} from "~/modules/privacy/consent-ledger.server";
import {
  CONSENT_PURPOSES,
  type ConsentPurpose,
  PURPOSE_RULES,
  withdrawButtonWords,
} from "~/modules/privacy/purposes";

/*
 * Withdrawing a consent (DPDP Act 2023 s.6(4): as easy as giving it; s.6(6): processing stops
 * within a reasonable time, here at once). One command: the ledger row, what depended on the
 * consent stopped, and the audit entry, all or nothing. docs/decisions/0061-notice-and-consent.md.
 *
 * - newsletter: every subscription of the address is unsubscribed;
 * - cv_pool: no CV of the address is kept for future roles any more (`cvPoolUntil` cleared), so
 *   each goes with its application under the retention rules;
 * - enquiry: recorded; staff see it on the enquiry (its consents) and stop working on it.
 */

export interface StandingPurpose {
  purpose: ConsentPurpose;
  label: string;
  onWithdraw: string;
  given: boolean;
}

/** Each purpose for the address, and whether consent to it stands now. */
export async function purposesOf(db: DB, email: string): Promise<StandingPurpose[]> {
  const address = ledgerEmail(email);
  const standing = await standingConsents(db, address);
  const subscribed = await db
    .selectFrom("newsletterSubscribers")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", address))
    .where("status", "!=", "unsubscribed")
    .executeTakeFirst();
  const pooled = await db
    .selectFrom("applications")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", address))
    .where("cvPoolUntil", "is not", null)
    .executeTakeFirst();
  return CONSENT_PURPOSES.map((purpose) => {
    const ledger = standing[purpose]?.action === "given";
    const given =
      purpose === "newsletter"
        ? Boolean(subscribed)
        : purpose === "cv_pool"
          ? Boolean(pooled)
          : ledger;
    return { purpose, ...PURPOSE_RULES[purpose], given };
  });
}

export type WithdrawOutcome = "withdrawn" | "not_given";

export async function withdrawConsent(
  db: DB,
  input: { email: string; purpose: ConsentPurpose; now?: Date },
): Promise<WithdrawOutcome> {
  const email = ledgerEmail(input.email);
  const at = (input.now ?? new Date()).toISOString();
  return runCommand(db, WEBSITE_VISITOR, async (trx) => {
    const standing = (await purposesOf(trx, email)).find((p) => p.purpose === input.purpose);
    if (!standing?.given) return { result: "not_given" as WithdrawOutcome };
    if (input.purpose === "newsletter") {
      await trx
        .updateTable("newsletterSubscribers")
        .set({ status: "unsubscribed", unsubscribedAt: at, updatedAt: at })
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
        .where("status", "!=", "unsubscribed")
        .execute();
    } else if (input.purpose === "cv_pool") {
      await trx
        .updateTable("applications")
        .set({ cvPoolUntil: null, updatedAt: at })
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
        .where("cvPoolUntil", "is not", null)
        .execute();
    }
    await recordConsent(trx, {
      email,
      purpose: input.purpose,
      action: "withdrawn",
      form: "withdraw-page",
      words: withdrawButtonWords(input.purpose),
      at,
    });
    return {
      result: "withdrawn" as WithdrawOutcome,
      audit: {
        action: "withdraw",
        entityType: "consent",
        entityId: email,
        summary: `${email} withdrew consent: ${PURPOSE_RULES[input.purpose].label}`,
      },
    };
  });
}
