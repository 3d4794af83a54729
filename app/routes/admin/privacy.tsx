import { data, Form, Link } from "react-router";
import { buttonClasses, FormError, TextAreaField } from "~/components/admin/forms";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { SchedulePanel } from "~/components/admin/versions/draft-panel";
import { ActionMessage } from "~/components/ui/toast";
import { staffActor } from "~/modules/commands/command.server";
import { currentNotice, listNoticeVersions, publishNotice } from "~/modules/privacy/notice.server";
import {
  discardNoticeDraft,
  NOTICE_SCHEDULE_ITEM,
  noticeDraft,
  noticeSchedules,
  saveNoticeDraft,
} from "~/modules/privacy/notice-drafts.server";
import { withHowPublished } from "~/modules/privacy/notice-origin";
import { versionNumberOf } from "~/modules/versions/history";
import { requireAdmin } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/privacy";
import { type ScheduleActionResult, scheduleAction } from "./schedule-post.server";

/*
 * The privacy notice (issue 27, decision 0061): admins edit the text and publish it as the next
 * version; every version stays readable at /privacy/versions/<n>. Issue 29 (decision 0075):
 * "Save draft" keeps the text without changing /privacy, previewed at /admin/privacy/preview;
 * "Publish" makes it the next version; the history compares versions and publishes one again.
 * The draft can be scheduled to go live at a time in IST, as every other kind's can.
 */

export const meta: Route.MetaFunction = () => adminMeta("Privacy notice");

/** The message of a restore, which comes back here from the history page. */
function restoredMessage(search: URLSearchParams): string | undefined {
  const from = versionNumberOf(search.get("from"));
  const published = versionNumberOf(search.get("published"));
  const unchanged = versionNumberOf(search.get("unchanged"));
  if (from === undefined) return undefined;
  if (published !== undefined) {
    return `Published version ${from}'s text again as version ${published} of the privacy notice.`;
  }
  if (unchanged !== undefined) return `Nothing changed: version ${unchanged} has that text.`;
  return undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  const [notice, versions, draft, schedules] = await Promise.all([
    currentNotice(db),
    listNoticeVersions(db),
    noticeDraft(db),
    noticeSchedules(db),
  ]);
  return {
    body: draft?.body ?? notice.body,
    version: notice.version,
    versions,
    draft: draft && { savedAt: draft.savedAt, savedByName: draft.savedByName },
    schedules,
    message: restoredMessage(new URL(request.url).searchParams),
  };
}

interface PrivacyActionResult extends ScheduleActionResult {
  body?: string;
  error?: string;
}

const MAX_BODY = 100_000;

const needsAttention = (verb: string, body: string, error: string) =>
  data<PrivacyActionResult>(
    { message: `Error: the notice was not ${verb}. See the message below.`, body, error },
    { status: 400 },
  );

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  // A form sent without a button's intent (as before drafts) publishes.
  const intent = form.get("intent") ?? "publish";
  if (intent === "discard-draft") {
    const dropped = await discardNoticeDraft(db, staffActor(user));
    return {
      message: dropped ? "Draft discarded: the editor shows the notice in force." : "No draft.",
    } satisfies PrivacyActionResult;
  }
  // The notice is always on the site: its draft can be scheduled to publish, never to unpublish.
  const scheduled = await scheduleAction(
    db,
    staffActor(user),
    form,
    NOTICE_SCHEDULE_ITEM,
    "privacy notice",
    { actions: ["publish"] },
  );
  if (scheduled) return scheduled;
  if (intent !== "publish" && intent !== "draft") {
    return data<PrivacyActionResult>({ message: "Error: unknown request." }, { status: 400 });
  }
  const posted = form.get("body");
  const body = typeof posted === "string" ? posted : "";
  if (body.length > MAX_BODY) {
    const error = `Must be at most ${MAX_BODY} characters`;
    return data<PrivacyActionResult>({ message: `Error: ${error}.`, body, error }, { status: 400 });
  }
  if (intent === "draft") {
    const drafted = await saveNoticeDraft(db, staffActor(user), { body });
    if (drafted.kind === "invalid") return needsAttention("saved", body, drafted.message);
    return {
      message: "Draft saved: /privacy is unchanged until you publish.",
    } satisfies PrivacyActionResult;
  }
  const outcome = await publishNotice(db, staffActor(user), { body, dropDraft: true });
  if (outcome.kind === "invalid") return needsAttention("published", body, outcome.message);
  return {
    message:
      outcome.kind === "published"
        ? `Published version ${outcome.version} of the privacy notice.`
        : `Nothing changed: version ${outcome.version} stays in force.`,
  } satisfies PrivacyActionResult;
}

export default function PrivacyNotice({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as PrivacyActionResult | undefined;
  const body = result?.body ?? loaderData.body;
  const { draft } = loaderData;
  return (
    <>
      <PageHeader
        title="Privacy notice"
        description="The notice every form links to. A saved draft changes nothing on the site; publishing keeps each version whole, with who published it and when; the public page shows the latest."
        actions={
          <>
            <Link className={buttonClasses.secondary} to="/admin/privacy/history">
              History and compare
            </Link>
            <Link className={buttonClasses.secondary} to="/admin/privacy/inventory">
              Data inventory
            </Link>
          </>
        }
      />
      <ActionMessage
        message={result?.message ?? loaderData.message}
        trigger={result ?? loaderData.message}
      />
      <Panel title={`Edit (version ${loaderData.version} is in force)`} className="mb-6">
        <Form method="post" noValidate key={body} className="space-y-4">
          {result?.error ? <FormError message="The notice needs attention: see below." /> : null}
          <p className="text-sm text-slate-800">
            {draft ? (
              <>
                Editing the draft saved {formatDateTime(draft.savedAt)} by {draft.savedByName}: it
                is not on the site until it is published.{" "}
              </>
            ) : (
              <>No draft: the text below is version {loaderData.version}. </>
            )}
            <a className="text-blue-700 underline" href="/admin/privacy/preview">
              Preview {draft ? "the draft" : "the notice"} as /privacy
            </a>
          </p>
          <TextAreaField
            label="Notice text"
            name="body"
            rows={24}
            required
            maxLength={MAX_BODY}
            defaultValue={body}
            error={result?.error}
            hint="“# ” starts the title (first line), “## ” a section, “- ” a list item; a blank line separates paragraphs. {siteName}, {email}, {phone}, {privacyEmail} and {applicationRetention} are filled in from Settings. List each kind of data, its purpose, how long it is kept, the rights, how to withdraw and how to complain to the Data Protection Board."
            className="font-mono"
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="publish" className={buttonClasses.primary}>
              Publish as version {loaderData.version + 1}
            </button>
            <button type="submit" name="intent" value="draft" className={buttonClasses.secondary}>
              Save draft
            </button>
          </div>
        </Form>
        {draft ? (
          <Form method="post" className="mt-3">
            <button
              type="submit"
              name="intent"
              value="discard-draft"
              className={buttonClasses.secondary}
            >
              Discard draft
            </button>
          </Form>
        ) : null}
      </Panel>
      <SchedulePanel
        published
        schedules={loaderData.schedules}
        scheduleState={result?.scheduleState}
        actions={["publish"]}
        hint="India Standard Time. Live within a minute of it: the draft as it is then becomes the next version, published in your name."
      />
      <Panel title="Published versions">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Published versions, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Version
                </th>
                <th scope="col" className="py-2 pr-3">
                  Published
                </th>
                <th scope="col" className="py-2 pr-3">
                  By
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.versions.map((v) => (
                <tr key={v.version} className="border-b border-slate-200">
                  <td className="py-2 pr-3">
                    <Link className="text-blue-700 underline" to={`/privacy/versions/${v.version}`}>
                      Version {v.version}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{formatDateTime(v.publishedAt)}</td>
                  <td className="py-2 pr-3">{withHowPublished(v.publishedByName, v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
