import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import {
  type PostedFields,
  type PublicForm,
  submitPublicForm,
} from "~/modules/forms/public-form.server";
import type { RateLimit } from "~/modules/forms/spam-defence.server";
import { dueAtFor, getRequestRow, type PrivacyRequestRow } from "./privacy-requests.server";
import { type VerifyRequestInput, verifyRequestSchema } from "./request.schema";
import { codeMatches, downloadToken, MAX_CODE_TRIES } from "./request-code.server";
import {
  REQUEST_MESSAGES as MESSAGES,
  REQUEST_KIND_SHORT,
  type RequestKind,
  VERIFY_HONEYPOT_FIELD,
} from "./request-fields";
import type { PrivacyRequestContext, PrivacyRequestOutcome } from "./request-submission.server";

/*
 * The second step of /privacy/requests (decision 0062; the first, and the whole flow, in
 * request-submission.server.ts): the code mailed in the first step. A honeypot and a rate limit
 * of its own, no form token (the code itself is the proof, and the person may come back to the
 * page in a new tab). A wrong code counts a try; five wrong tries or 30 minutes end the code. A
 * right one makes the request stand, due in RESPONSE_DAYS; an access request is answered at once
 * with its download links.
 */

/** Step 2, per client address: with 5 tries per code, a brake on guessing across requests. */
export const PRIVACY_VERIFY_RATE_LIMIT: RateLimit = {
  bucket: "privacy-verify",
  windows: [
    [10, 10 * 60 * 1000],
    [40, 24 * 60 * 60 * 1000],
  ],
};

type Verified =
  | { kind: "wrong"; requestKind: RequestKind }
  | { kind: "dead" }
  | { kind: "verified"; row: PrivacyRequestRow };

/** Step 2: see the comment at the top. */
export async function verifyPrivacyRequest(
  db: DB,
  fields: PostedFields,
  context: PrivacyRequestContext,
): Promise<PrivacyRequestOutcome> {
  const now = context.now ?? Date.now();
  const at = new Date(now).toISOString();
  const kindOf = (value: unknown): RequestKind =>
    typeof value === "string" && value in REQUEST_KIND_SHORT ? (value as RequestKind) : "access";
  const postedKind = kindOf(fields.get("kind"));
  const form: PublicForm<VerifyRequestInput, Record<string, string>, Verified> = {
    logAs: "privacy_verify",
    schema: verifyRequestSchema,
    valuesOf: (posted) => ({
      request: String(posted.get("request") ?? ""),
      code: String(posted.get("code") ?? ""),
    }),
    withoutToken: { honeypotField: VERIFY_HONEYPOT_FIELD },
    rateLimit: PRIVACY_VERIFY_RATE_LIMIT,
    async store(trx, input) {
      const row = await getRequestRow(trx, input.request);
      // An unknown id (a bot's, a limited address's) is just a wrong code: nothing is revealed.
      if (row?.status !== "unverified" || !row.codeHash || !row.codeExpiresAt) {
        return { result: { kind: "wrong", requestKind: postedKind } };
      }
      const requestKind = kindOf(row.kind);
      if (row.codeExpiresAt < at || row.codeTries >= MAX_CODE_TRIES) {
        return { result: { kind: "dead" } };
      }
      if (!codeMatches(context.secret, row.id, input.code, row.codeHash)) {
        // Counted in the database, in this transaction (kept: the result is not an error).
        const counted = await trx
          .updateTable("privacyRequests")
          .set((eb) => ({ codeTries: eb("codeTries", "+", 1), updatedAt: at }))
          .where("id", "=", row.id)
          .where("codeTries", "<", MAX_CODE_TRIES)
          .returning("codeTries")
          .executeTakeFirst();
        const tries = Number(counted?.codeTries ?? MAX_CODE_TRIES);
        return {
          result: tries >= MAX_CODE_TRIES ? { kind: "dead" } : { kind: "wrong", requestKind },
        };
      }
      const verifiedAt = new Date(now);
      const access = requestKind === "access";
      const changes = {
        status: access ? "completed" : "received",
        codeHash: null,
        codeExpiresAt: null,
        verifiedAt: at,
        dueAt: dueAtFor(verifiedAt),
        closedAt: access ? at : null,
        outcome: access ? "Download given on the page once the code was entered." : "",
        updatedAt: at,
      };
      await trx
        .updateTable("privacyRequests")
        .set(changes)
        .where("id", "=", row.id)
        .where("status", "=", "unverified")
        .execute();
      return {
        result: { kind: "verified", row: { ...row, ...changes } },
        audit: {
          action: "verify",
          entityType: "privacy_request",
          entityId: row.id,
          summary: access
            ? "Privacy request (access) verified with its code: the download was given at once"
            : `Privacy request (${REQUEST_KIND_SHORT[requestKind].toLowerCase()}) verified with its code`,
        },
      };
    },
  };
  const outcome = await submitPublicForm(
    db,
    form,
    { fields },
    { secret: context.secret, clientAddress: context.clientAddress, now },
  );
  const codeStep = (
    request: string,
    formError: string,
    fieldErrors: Partial<Record<string, string>>,
    httpStatus: number,
  ): PrivacyRequestOutcome => ({
    result: { step: "code", request, kind: postedKind, formError, fieldErrors },
    httpStatus,
    queuedMail: false,
  });
  const request = String(fields.get("request") ?? "").slice(0, 80);
  switch (outcome.kind) {
    case "invalid":
      return codeStep(request, MESSAGES.invalid, outcome.errors, 400);
    case "refused":
      return codeStep(request, MESSAGES.rateLimited, {}, outcome.refusal.httpStatus);
    case "failed":
      return codeStep(request, MESSAGES.failed, {}, 500);
    case "spam":
      return codeStep(request, MESSAGES.wrongCode, { code: MESSAGES.wrongCode }, 400);
    case "stored": {
      const verified = outcome.stored;
      if (verified.kind === "dead") {
        return {
          result: { step: "dead", formError: MESSAGES.codeDead },
          httpStatus: 400,
          queuedMail: false,
        };
      }
      if (verified.kind === "wrong") {
        return {
          result: {
            step: "code",
            request,
            kind: verified.requestKind,
            formError: MESSAGES.wrongCode,
            fieldErrors: { code: MESSAGES.wrongCode },
          },
          httpStatus: 400,
          queuedMail: false,
        };
      }
      const row = verified.row;
      const kind = kindOf(row.kind);
      logger.info("privacy_request_verified", { requestId: row.id, kind });
      return {
        result: {
          step: "done",
          kind,
          dueAt: row.dueAt ?? at,
          ...(kind === "access" && row.verifiedAt
            ? { download: downloadToken(context.secret, row.id, row.verifiedAt) }
            : {}),
        },
        httpStatus: 200,
        queuedMail: false,
      };
    }
  }
}
