import { data, redirect } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { VersionHistory } from "~/components/admin/versions/version-compare";
import { staffActor } from "~/modules/commands/command.server";
import { restoreItemVersion } from "~/modules/versions/drafts.server";
import { historyView, versionNumberOf } from "~/modules/versions/history";
import { listVersions } from "~/modules/versions/versions.server";
import { requireStaff } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/history";
import { historyKindOf, withParam } from "./history-kinds.server";

/*
 * Issue 29 (decision 0060): the history of a service, a page's texts, a job posting or a resource. Staff
 * compare two versions (a GET form: the address names them) and restore one as the draft
 * (history is never rewritten; publishing it keeps a new version). Articles have their own page
 * (insights.$slug.versions.tsx), as their address can move.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `History: ${loaderData.title}` : "History");

async function itemOf({ params, context }: Pick<Route.LoaderArgs, "params" | "context">) {
  const kind = historyKindOf(params.kind);
  if (!kind) throw data(null, { status: 404 });
  const { db } = runtimeFrom(context);
  const item = await kind.spec.load(db, params.key);
  if (!item) throw data(null, { status: 404 });
  return { kind, db, item };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { kind, db, item } = await itemOf({ params, context });
  const versions = await listVersions(db, kind.spec.kind, params.key);
  return {
    title: kind.titleOf(item, params.key),
    editHref: kind.editHref(params.key),
    backLabel: kind.backLabel,
    ...historyView(versions, new URL(request.url).searchParams, kind.labels),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { kind, db } = await itemOf({ params, context });
  const form = await requireForm(request);
  if (form.get("intent") !== "restore") {
    return data({ message: "Error: unknown request." }, { status: 400 });
  }
  const number = versionNumberOf(form.get("version"));
  if (
    number === undefined ||
    !(await restoreItemVersion(db, staffActor(user), kind.spec, params.key, number))
  ) {
    return data(
      { message: "Error: that version does not exist or no longer passes the form's checks." },
      { status: 400 },
    );
  }
  throw redirect(withParam(kind.editHref(params.key), "restored", String(number)));
}

export default function HistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { title, editHref, backLabel, ...history } = loaderData;
  return (
    <VersionHistory
      title={title}
      backHref={editHref}
      backLabel={backLabel}
      message={actionData?.message}
      {...history}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
