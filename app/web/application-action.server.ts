import { data, type MiddlewareFunction } from "react-router";
import {
  APPLICATION_MESSAGES,
  type ApplicationResult,
  CV_FIELD,
  CV_MAX_BYTES,
  EMPTY_APPLICATION,
} from "~/modules/applications/application-fields";
import {
  type PostedCv,
  submitApplication,
} from "~/modules/applications/application-submission.server";
import { leadSourceCookieOf } from "~/modules/attribution/lead-source-cookie.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import type { RequestArgs } from "./guards.server";
import { MultipartError, readMultipartForm } from "./multipart.server";
import { clientAddressContext, runtimeFrom } from "./request-context";

/*
 * The job application form's post to its posting's page (/careers/:id). Without JavaScript the
 * page's action answers with the page; with JavaScript the form sends the same post with
 * XMLHttpRequest (for its upload progress) asking for JSON, and the route's middleware answers
 * that before the page is rendered. Both go through handleApplicationPost.
 */

type ApplicationArgs = RequestArgs & { params: { id?: string } };

const unreadable = (error: MultipartError): { result: ApplicationResult; httpStatus: number } => {
  const tooLarge = error.reason === "body_too_large";
  return {
    result: {
      status: tooLarge ? "too_large" : "invalid",
      formError: tooLarge ? APPLICATION_MESSAGES.tooLarge : APPLICATION_MESSAGES.unreadable,
      fieldErrors: {},
      values: EMPTY_APPLICATION,
    },
    httpStatus: tooLarge ? 413 : 400,
  };
};

/**
 * Reads the multipart post as it streams in (the CV kept only up to 5 MB) and submits it. A post
 * that is not a multipart form, is broken or runs past the cut-off gets the form's message with
 * 400 or 413, never a 500.
 */
export async function handleApplicationPost({
  request,
  params,
  context,
}: ApplicationArgs): Promise<{
  result: ApplicationResult;
  httpStatus: number;
  notFound?: boolean;
}> {
  let form: Awaited<ReturnType<typeof readMultipartForm>>;
  try {
    form = await readMultipartForm(request, { files: { [CV_FIELD]: CV_MAX_BYTES } });
  } catch (error) {
    if (error instanceof MultipartError) return unreadable(error);
    throw error;
  }
  const file = form.files.get(CV_FIELD);
  const cv: PostedCv = file
    ? { clientName: file.clientName, bytes: file.bytes }
    : { problem: form.fileProblems.get(CV_FIELD) ?? "missing" };
  const { db, config } = runtimeFrom(context);
  const submission = await submitApplication(
    db,
    params.id ?? "",
    { fields: form.fields, cv },
    {
      secret: config.authSecret,
      clientAddress: context.get(clientAddressContext),
      leadSourceCookie: leadSourceCookieOf(request),
      baseUrl: config.baseUrl,
    },
  );
  if (submission.queuedMail) wakeOutbox();
  return {
    result: submission.result,
    httpStatus: submission.httpStatus,
    notFound: submission.notFound,
  };
}

/** The posting page's action (a post without JavaScript): the page with the answer. */
export async function applicationAction(args: ApplicationArgs) {
  const { result, httpStatus, notFound } = await handleApplicationPost(args);
  // A draft or unknown posting's page does not exist: the same 404 as its loader gives.
  if (notFound) throw data(null, { status: 404 });
  return data(result, { status: httpStatus });
}

/** True for the form's own post with JavaScript, which asks for the answer as JSON. */
const wantsJson = (request: Request) =>
  request.method === "POST" && /application\/json/i.test(request.headers.get("accept") ?? "");

/**
 * The posting page's middleware: answers the form's JavaScript post with JSON (the same result
 * the page would show), before React Router renders a page for it. Any other request goes on.
 */
export const applicationJsonMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  if (!wantsJson(args.request)) return next();
  const { result, httpStatus } = await handleApplicationPost(args as ApplicationArgs);
  return Response.json(result, { status: httpStatus, headers: { "Cache-Control": "no-store" } });
};
