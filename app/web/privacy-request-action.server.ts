import { data } from "react-router";
import { wakeOutbox } from "~/modules/mail/worker.server";
import {
  REQUEST_MESSAGES,
  type RequestPageResult,
  STEP_FIELD,
} from "~/modules/privacy-requests/request-fields";
import { startPrivacyRequest } from "~/modules/privacy-requests/request-submission.server";
import { verifyPrivacyRequest } from "~/modules/privacy-requests/request-verify.server";
import { assertSameOrigin, type RequestArgs } from "./guards.server";
import { readForm } from "./read-form.server";
import { clientAddressContext, runtimeFrom } from "./request-context";

/*
 * The posts of /privacy/requests (with and without JavaScript alike): the first step (the
 * address and what is asked) or the second (the code), told apart by the hidden `step` field;
 * modules/privacy-requests/request-submission.server.ts and request-verify.server.ts receive
 * them. Never stored by a cache.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function privacyRequestAction(args: RequestArgs) {
  const { request, context } = args;
  assertSameOrigin(args);
  const form = await readForm(request);
  if (!form) {
    const result: RequestPageResult = {
      step: "start",
      status: "invalid",
      formError: REQUEST_MESSAGES.invalid,
      fieldErrors: {},
      values: {},
    };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const { db, config } = runtimeFrom(context);
  const submit = form.get(STEP_FIELD) === "verify" ? verifyPrivacyRequest : startPrivacyRequest;
  const outcome = await submit(db, form, {
    secret: config.authSecret,
    clientAddress: context.get(clientAddressContext),
    baseUrl: config.baseUrl,
  });
  if (outcome.queuedMail) wakeOutbox();
  return data(outcome.result, { status: outcome.httpStatus, headers: NO_STORE });
}
