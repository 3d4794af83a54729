import { data, redirect } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { VersionHistory } from "~/components/admin/versions/version-compare";
import { staffActor } from "~/modules/commands/command.server";
import { noticeHistory, restoreNoticeVersion } from "~/modules/privacy/notice-drafts.server";
import { historyView, versionNumberOf } from "~/modules/versions/history";
import { requireAdmin } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/privacy.history";

/*
 * Issue 29 (decision 0075): the privacy notice's published versions, two compared (the same
 * view and diff as every kind's history) and one published again as the next version. Unlike
 * the other kinds, a restore publishes at once: the notice's versions are what the consent
 * ledger names, and the text restored was in force before, so there is nothing to review.
 */

export const meta: Route.MetaFunction = () => adminMeta("History: Privacy notice");

const LABELS = { body: "Notice text" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  return historyView(await noticeHistory(db), new URL(request.url).searchParams, () => LABELS);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  if (form.get("intent") !== "restore") {
    return data({ message: "Error: unknown request." }, { status: 400 });
  }
  const number = versionNumberOf(form.get("version"));
  const outcome =
    number === undefined ? undefined : await restoreNoticeVersion(db, staffActor(user), number);
  if (!outcome || outcome.kind === "invalid") {
    return data({ message: "Error: that version does not exist." }, { status: 400 });
  }
  const done = outcome.kind === "published" ? "published" : "unchanged";
  throw redirect(`/admin/privacy?${done}=${outcome.version}&from=${number}`);
}

export default function PrivacyHistory({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <VersionHistory
      title="Privacy notice"
      backHref="/admin/privacy"
      backLabel="Back to the notice"
      message={actionData?.message}
      description="Every publish keeps a version, and the consent records name the version in force. Publishing an earlier version again makes its text the next version, in force at once."
      restoreLabel="Publish again"
      {...loaderData}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
