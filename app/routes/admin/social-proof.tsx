import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import {
  deleteConfirmation,
  type EntryValues,
  type ListedEntry,
  messageFor,
  ProofEntryList,
  ProofTabs,
} from "~/components/admin/proof/proof-collection";
import { ProofEntryForm } from "~/components/admin/proof/proof-entry-form";
import { PROOF_KIND_VIEWS } from "~/components/admin/proof/proof-kinds";
import {
  ConfirmationPanel,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { staffActor } from "~/modules/commands/command.server";
import { listMediaChoices } from "~/modules/media/media.server";
import {
  createEntry,
  deleteEntry,
  moveEntry,
  setEntryStatus,
  updateEntry,
} from "~/modules/proof/collection-commands.server";
import {
  IMAGE_FIELD,
  isProofKind,
  PROOF_SCHEMAS,
  type ProofKind,
} from "~/modules/proof/proof.schema";
import { imageChoiceError, listEntries } from "~/modules/proof/proof.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/social-proof";

/*
 * Social proof (issue 14): testimonials, client logos, results figures and team members, one tab
 * each at /admin/social-proof/<kind>. Editors and admins may use it.
 */

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(
    isProofKind(params.kind)
      ? `${PROOF_KIND_VIEWS[params.kind].title} · Social proof`
      : "Social proof",
  );

function kindOf(params: { kind?: string }): ProofKind {
  if (!isProofKind(params.kind))
    throw data({ error: "No such kind of social proof." }, { status: 404 });
  return params.kind;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  if (!params.kind) throw redirect("/admin/social-proof/testimonials");
  const kind = kindOf(params);
  const { db } = runtimeFrom(context);
  const url = new URL(request.url);
  const [entries, choices] = await Promise.all([
    listEntries(db, kind),
    IMAGE_FIELD[kind] ? listMediaChoices(db) : Promise.resolve([]),
  ]);
  const editId = url.searchParams.get("edit");
  if (editId && !entries.some((entry) => entry.id === editId)) {
    throw data({ error: "No such entry." }, { status: 404 });
  }
  const editing = url.searchParams.get("new") === "1" ? "new" : editId;
  return { kind, entries: entries as unknown as ListedEntry[], choices, editing };
}

type ActionResult = {
  message?: string;
  editing?: string;
  values?: EntryValues;
  errors?: Record<string, string>;
  confirmation?: ReturnType<typeof confirmationRequest>;
};

const gone = (kind: ProofKind) =>
  data({ message: messageFor(kind, "no longer exists.") } satisfies ActionResult, { status: 404 });

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const kind = kindOf(params);
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  const actor = staffActor(user);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");

  if (intent === "delete") {
    if (!isConfirmed(form)) {
      return {
        confirmation: confirmationRequest(form, deleteConfirmation(kind)),
      } satisfies ActionResult;
    }
    if (!(await deleteEntry(db, actor, kind, id))) return gone(kind);
    return { message: messageFor(kind, "deleted.") } satisfies ActionResult;
  }
  if (intent === "publish" || intent === "unpublish") {
    const status = intent === "publish" ? "published" : "draft";
    if (!(await setEntryStatus(db, actor, kind, id, status))) return gone(kind);
    return {
      message: messageFor(
        kind,
        intent === "publish"
          ? "published: it shows on the site now."
          : "unpublished: it no longer shows on the site.",
      ),
    } satisfies ActionResult;
  }
  if (intent === "up" || intent === "down") {
    // No neighbour that way is no error: the order simply stays.
    await moveEntry(db, actor, kind, id, intent);
    return { message: messageFor(kind, `moved ${intent}.`) } satisfies ActionResult;
  }
  if (intent !== "save") {
    return data({ message: "Unknown action." } satisfies ActionResult, { status: 400 });
  }

  const parsed = parseForm(PROOF_SCHEMAS[kind], form);
  const errors = parsed.success
    ? await imageChoiceError(db, kind, parsed.data)
    : (parsed.errors as Record<string, string>);
  if (!parsed.success || errors) {
    return data(
      {
        message: "Error saving: please correct the fields marked below.",
        editing: id || "new",
        values: (parsed.success ? parsed.data : parsed.values) as EntryValues,
        errors: errors ?? {},
      } satisfies ActionResult,
      { status: 400 },
    );
  }
  if (id) {
    if (!(await updateEntry(db, actor, kind, id, parsed.data))) return gone(kind);
    return { message: messageFor(kind, "saved.") } satisfies ActionResult;
  }
  await createEntry(db, actor, kind, parsed.data);
  return { message: messageFor(kind, "added.") } satisfies ActionResult;
}

export default function SocialProofPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const { kind, entries, choices } = loaderData;
  const view = PROOF_KIND_VIEWS[kind];
  const editing = result?.editing ?? (result?.message ? null : loaderData.editing);
  const edited = entries.find((entry) => entry.id === editing);
  const blank = { status: "published" };
  const values = result?.values ?? edited ?? (editing === "new" ? blank : null);

  return (
    <>
      <PageHeader
        title="Social proof"
        description="Testimonials, client logos, results figures and the team: what tells a visitor that firms like theirs trust us. Each section on the site stays hidden until it has a published entry."
        actions={
          <Link to={`/admin/social-proof/${kind}?new=1`} className={buttonClasses.primary}>
            Add {view.noun}
          </Link>
        }
      />
      <ProofTabs current={kind} />
      <ActionMessage message={result?.message} trigger={result} />
      <ConfirmationPanel
        request={result?.confirmation}
        cancelHref={`/admin/social-proof/${kind}`}
      />
      {editing && values ? (
        <ProofEntryForm
          key={`${kind}-${editing}-${JSON.stringify(result?.values ?? null)}`}
          kind={kind}
          id={editing === "new" ? "" : editing}
          values={values}
          errors={result?.errors ?? {}}
          choices={choices}
        />
      ) : null}
      <ProofEntryList kind={kind} entries={entries} choices={choices} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
