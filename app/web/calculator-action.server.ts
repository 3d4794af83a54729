import { data } from "react-router";
import { constraintsOf } from "~/lib/form-constraints";
import { leadSourceCookieOf } from "~/modules/attribution/lead-source-cookie.server";
import { submitBreakdownRequest } from "~/modules/calculators/shared/breakdown-request.server";
import {
  BREAKDOWN_REQUEST_MESSAGES,
  type BreakdownRequestResult,
} from "~/modules/calculators/shared/breakdown-request-fields";
import { breakdownRequestSchema } from "~/modules/calculators/shared/breakdown-request-form";
import type { Calculator } from "~/modules/calculators/shared/calculator-model";
import { type FormValues, valuesFromQuery } from "~/modules/calculators/shared/calculator-query";
import { wakeOutbox } from "~/modules/mail/worker.server";
import { assertSameOrigin, type RequestArgs } from "./guards.server";
import { readForm } from "./read-form.server";
import { clientAddressContext, runtimeFrom } from "./request-context";

/*
 * A calculator page's loader and action, one line each in its route (decision 0071): the form's
 * values from the address, and the post of its "E-mail me this breakdown" form (with and without
 * JavaScript alike), which modules/calculators/shared/breakdown-request.server.ts receives.
 */

/** The form's values from the address (the example without any) and the e-mail form's limits. */
export function calculatorLoader<Field extends string>(
  request: Request,
  fields: readonly Field[],
  example: FormValues<Field>,
) {
  return {
    values: valuesFromQuery(new URL(request.url).searchParams, fields, example),
    constraints: constraintsOf(breakdownRequestSchema),
  };
}

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function calculatorEmailAction<Input>(
  args: RequestArgs,
  calculator: Calculator<Input>,
) {
  const { request, context } = args;
  assertSameOrigin(args);
  const form = await readForm(request);
  if (!form) {
    const result: BreakdownRequestResult = {
      status: "invalid",
      formError: BREAKDOWN_REQUEST_MESSAGES.invalid,
      fieldErrors: {},
      values: {},
    };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const { db, config } = runtimeFrom(context);
  const outcome = await submitBreakdownRequest(db, calculator, form, {
    secret: config.authSecret,
    clientAddress: context.get(clientAddressContext),
    baseUrl: config.baseUrl,
    leadSourceCookie: leadSourceCookieOf(request),
  });
  if (outcome.queuedMail) wakeOutbox();
  return data(outcome.result, { status: outcome.httpStatus, headers: NO_STORE });
}
