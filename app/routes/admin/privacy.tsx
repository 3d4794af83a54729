import { data, Form, Link } from "react-router";
import { buttonClasses, FormError, TextAreaField } from "~/components/admin/forms";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { staffActor } from "~/modules/commands/command.server";
import { currentNotice, listNoticeVersions, publishNotice } from "~/modules/privacy/notice.server";
import { requireAdmin } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/privacy";

/*
 * The privacy notice (issue 27, decision 0061): admins edit the text and publish it as the next
 * version; every version stays readable at /privacy/versions/<n>.
 */

export const meta: Route.MetaFunction = () => adminMeta("Privacy notice");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  const [notice, versions] = await Promise.all([currentNotice(db), listNoticeVersions(db)]);
  return { body: notice.body, version: notice.version, versions };
}

interface PrivacyActionResult {
  message: string;
  body?: string;
  error?: string;
}

const MAX_BODY = 100_000;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  const posted = (await requireForm(request)).get("body");
  const body = typeof posted === "string" ? posted : "";
  if (body.length > MAX_BODY) {
    const error = `Must be at most ${MAX_BODY} characters`;
    return data<PrivacyActionResult>({ message: `Error: ${error}.`, body, error }, { status: 400 });
  }
  const outcome = await publishNotice(db, staffActor(user), { body });
  if (outcome.kind === "invalid") {
    return data<PrivacyActionResult>(
      {
        message: "Error: the notice was not published. See the message below.",
        body,
        error: outcome.message,
      },
      { status: 400 },
    );
  }
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
  return (
    <>
      <PageHeader
        title="Privacy notice"
        description="The notice every form links to. Publishing keeps each version whole, with who published it and when; the public page shows the latest."
        actions={
          <Link className={buttonClasses.secondary} to="/admin/privacy/inventory">
            Data inventory
          </Link>
        }
      />
      <ActionMessage message={result?.message} trigger={result} />
      <Panel title={`Edit (version ${loaderData.version} is in force)`} className="mb-6">
        <Form method="post" noValidate key={body} className="space-y-4">
          {result?.error ? <FormError message="The notice needs attention: see below." /> : null}
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
          <button type="submit" className={buttonClasses.primary}>
            Publish as version {loaderData.version + 1}
          </button>
        </Form>
      </Panel>
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
                  <td className="py-2 pr-3">{v.publishedByName}</td>
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
