import { data, Form, Link } from "react-router";
import { buttonClasses, FormError, fieldsFor, TextField } from "~/components/admin/forms";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { countOf } from "~/lib/format";
import { staffActor } from "~/modules/commands/command.server";
import { listNotFoundPaths } from "~/modules/redirects/not-found-log.server";
import { redirectInputSchema } from "~/modules/redirects/redirect.schema";
import {
  deleteRedirect,
  REDIRECT_LOOP_MESSAGE,
  REDIRECT_TAKEN_MESSAGE,
  saveRedirect,
} from "~/modules/redirects/redirect-commands.server";
import { getRedirect, listRedirects } from "~/modules/redirects/redirects.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/redirects";

/*
 * Redirects and the not-found log (issue 29, decision 0058). Changing an article's or a
 * resource's slug adds a redirect by itself; staff add, edit and delete others here, and turn an
 * address visitors keep missing into a redirect from the log below ("Redirect this address"
 * fills the form).
 */

export const meta: Route.MetaFunction = () => adminMeta("Redirects");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const editing = editId ? await getRedirect(db, editId) : undefined;
  const [redirects, notFound] = await Promise.all([listRedirects(db), listNotFoundPaths(db)]);
  return {
    redirects,
    notFound,
    editing: editing ?? null,
    from: editing ? editing.fromPath : (url.searchParams.get("from") ?? "").slice(0, 500),
  };
}

interface RedirectsActionResult {
  message: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  saved?: boolean;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  const intent = form.get("intent");
  const id = typeof form.get("id") === "string" ? String(form.get("id")) : undefined;
  if (intent === "delete" && id) {
    const removed = await deleteRedirect(db, staffActor(user), id);
    return data<RedirectsActionResult>(
      { message: removed ? "Redirect removed." : "Error: that redirect no longer exists." },
      { status: removed ? 200 : 404 },
    );
  }
  if (intent !== "save") {
    return data<RedirectsActionResult>({ message: "Error: unknown request." }, { status: 400 });
  }
  const parsed = parseForm(redirectInputSchema, form);
  if (!parsed.success) {
    return data<RedirectsActionResult>(
      {
        message: "Error saving the redirect: please correct the fields marked below.",
        values: parsed.values as Record<string, string>,
        errors: parsed.errors as Record<string, string>,
      },
      { status: 400 },
    );
  }
  const result = await saveRedirect(db, staffActor(user), { ...parsed.data, id: id || undefined });
  if (!result.ok) {
    const errors: Record<string, string> =
      result.reason === "loop"
        ? { toPath: REDIRECT_LOOP_MESSAGE }
        : result.reason === "taken"
          ? { fromPath: REDIRECT_TAKEN_MESSAGE }
          : { fromPath: "That redirect no longer exists." };
    return data<RedirectsActionResult>(
      {
        message: "Error saving the redirect: please correct the fields marked below.",
        values: { fromPath: parsed.data.fromPath, toPath: parsed.data.toPath },
        errors,
      },
      { status: result.reason === "missing" ? 404 : 400 },
    );
  }
  return {
    message: `Redirect saved: ${result.redirect.fromPath} → ${result.redirect.toPath}.`,
    saved: true,
  } satisfies RedirectsActionResult;
}

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const { redirects, notFound, editing, from } = loaderData;
  const result = actionData as RedirectsActionResult | undefined;
  const initial = { fromPath: from, toPath: editing?.toPath ?? "" };
  const values = result?.saved ? { fromPath: "", toPath: "" } : (result?.values ?? initial);
  const field = fieldsFor(redirectInputSchema, { values, errors: result?.errors });
  return (
    <>
      <PageHeader
        title="Redirects"
        description="Old addresses that send visitors on to a page that exists, for good (301). A changed article or resource address gets one by itself. A redirect applies only where no page answers, so it never hides a live page."
      />
      <ActionMessage message={result?.message} trigger={result} />
      <Panel
        title={editing && !result?.saved ? "Change the redirect" : "Add a redirect"}
        className="mb-6"
      >
        <Form
          method="post"
          noValidate
          id="redirect-form"
          action={editing && !result?.saved ? `?edit=${editing.id}` : "/admin/redirects"}
          key={JSON.stringify(values) + (editing?.id ?? "")}
          className="grid gap-4 md:grid-cols-2"
        >
          {result?.errors ? (
            <FormError message="Some fields need attention: see the messages below." />
          ) : null}
          <input type="hidden" name="intent" value="save" />
          {editing && !result?.saved ? <input type="hidden" name="id" value={editing.id} /> : null}
          <TextField
            label="Old address"
            hint="A path of this site, starting with / (e.g. /insights/old-title)."
            {...field("fromPath")}
          />
          <TextField
            label="New address"
            hint="A path of this site starting with /, or an https:// address."
            {...field("toPath")}
          />
          <div className="flex gap-3 md:col-span-2">
            <button type="submit" className={buttonClasses.primary}>
              {editing && !result?.saved ? "Save changes" : "Add redirect"}
            </button>
            {editing && !result?.saved ? (
              <Link to="/admin/redirects" className={buttonClasses.secondary}>
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </Panel>
      <Panel title={`Redirects (${redirects.total})`} className="mb-6">
        {redirects.items.length === 0 ? (
          <p className="text-sm text-slate-700">No redirects yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Redirects, newest first</caption>
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="py-2 pr-3">
                    Old address
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    New address
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Made by
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Changed
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {redirects.items.map((redirect) => (
                  <tr key={redirect.id} className="border-b border-slate-200 align-top">
                    <td className="break-all py-2 pr-3 font-mono">{redirect.fromPath}</td>
                    <td className="break-all py-2 pr-3 font-mono">{redirect.toPath}</td>
                    <td className="py-2 pr-3">
                      {redirect.origin === "slug" ? "Address change" : "Staff"}
                    </td>
                    <td className="whitespace-nowrap py-2 pr-3">
                      {formatDateTime(redirect.updatedAt)}
                    </td>
                    <td className="py-2">
                      <div className="flex gap-2">
                        <Link
                          to={`/admin/redirects?edit=${redirect.id}#redirect-form`}
                          className={buttonClasses.small}
                        >
                          Edit
                          <span className="sr-only"> the redirect from {redirect.fromPath}</span>
                        </Link>
                        <Form method="post">
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="id" value={redirect.id} />
                          <button type="submit" className={buttonClasses.small}>
                            Delete
                            <span className="sr-only"> the redirect from {redirect.fromPath}</span>
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      <Panel title="Addresses not found">
        <p className="mb-3 text-sm text-slate-700">
          Addresses visitors asked for that have no page, most asked first (requests bots make for
          other software are left out; the log keeps the 5,000 most recent addresses).
        </p>
        {notFound.length === 0 ? (
          <p className="text-sm text-slate-700">No missing addresses logged.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Addresses not found, most asked first</caption>
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="py-2 pr-3">
                    Address
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Asked
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Last seen
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Came from
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {notFound.map((entry) => (
                  <tr key={entry.path} className="border-b border-slate-200 align-top">
                    <td className="break-all py-2 pr-3 font-mono">{entry.path}</td>
                    <td className="py-2 pr-3">{countOf(entry.hits, "time", "times")}</td>
                    <td className="whitespace-nowrap py-2 pr-3">
                      {formatDateTime(entry.lastSeen)}
                    </td>
                    <td className="break-all py-2 pr-3">{entry.referrer || "Unknown"}</td>
                    <td className="py-2">
                      <Link
                        to={`/admin/redirects?${new URLSearchParams({ from: entry.path })}#redirect-form`}
                        className={buttonClasses.small}
                      >
                        Redirect<span className="sr-only"> {entry.path}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
