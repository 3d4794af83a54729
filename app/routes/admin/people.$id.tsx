import { data, Form, Link } from "react-router";
import { touchSummary } from "~/components/admin/attribution/lead-source-panel";
import {
  buttonClasses,
  FormError,
  fieldsFor,
  TextAreaField,
  TextField,
} from "~/components/admin/forms";
import { Badge } from "~/components/admin/list/list-table";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { ConsentPanel } from "~/components/admin/privacy/consent-panel";
import { ConfirmSubmit } from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import type { LeadSource } from "~/modules/attribution/lead-source-cookie.server";
import { staffActor } from "~/modules/commands/command.server";
import { personNoteSchema, personTagSchema } from "~/modules/people/people.schema";
import { statusLabel } from "~/modules/people/people-labels";
import { getPerson } from "~/modules/people/person.server";
import {
  addPersonNote,
  addPersonTag,
  type PersonCommandResult,
  removePersonTag,
} from "~/modules/people/person-commands.server";
import { consentsOf } from "~/modules/privacy/consent-ledger.server";
import { nomineesOf } from "~/modules/privacy-requests/privacy-requests.server";
import { REQUEST_STATUS_LABELS } from "~/modules/privacy-requests/request-fields";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/people.$id";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.person.name || loaderData?.person.email || "Person");

/* A person's page (issue 26): their records on one timeline with sources, notes and tags. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const person = await getPerson(db, params.id);
  if (!person) throw data(null, { status: 404 });
  // The consent ledger of the address (issue 27, decision 0061) and the nominees it named
  // through /privacy/requests (decision 0062).
  const [consents, nominees] = await Promise.all([
    consentsOf(db, person.email),
    nomineesOf(db, person.email),
  ]);
  // Erasure is an admin's decision (decision 0045); the erase page checks it again.
  return { person, consents, nominees, canErase: user.role === "admin" };
}

const DONE: Record<string, Record<PersonCommandResult, string>> = {
  note: { done: "Note added.", unchanged: "Note added.", missing: "" },
  tag: { done: "Tag added.", unchanged: "The person already has that tag.", missing: "" },
  untag: { done: "Tag removed.", unchanged: "The tag was already removed.", missing: "" },
};

type Intent = "note" | "tag" | "untag";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const form = await requireForm(request);
  const intent = String(form.get("intent") ?? "") as Intent;
  const { db } = runtimeFrom(context);
  const actor = staffActor(user);
  let outcome: PersonCommandResult;
  if (intent === "note") {
    const parsed = parseForm(personNoteSchema, form);
    if (!parsed.success) {
      return data(
        { intent, message: undefined, values: parsed.values, errors: parsed.errors },
        { status: 400 },
      );
    }
    outcome = await addPersonNote(db, actor, params.id, parsed.data);
  } else if (intent === "tag" || intent === "untag") {
    const parsed = parseForm(personTagSchema, form);
    if (!parsed.success) {
      return data(
        { intent, message: undefined, values: parsed.values, errors: parsed.errors },
        { status: 400 },
      );
    }
    outcome = await (intent === "tag" ? addPersonTag : removePersonTag)(
      db,
      actor,
      params.id,
      parsed.data,
    );
  } else {
    return data(
      { intent, message: "Error: unknown request.", values: undefined, errors: undefined },
      { status: 400 },
    );
  }
  if (outcome === "missing") throw data(null, { status: 404 });
  return { intent, message: DONE[intent]?.[outcome], values: undefined, errors: undefined };
}

function SourceLine({ source }: { source: LeadSource | null }) {
  if (!source) return <p className="text-sm text-slate-600">Source: not recorded</p>;
  const first = touchSummary(source.first) || source.first.landing;
  const latest = touchSummary(source.latest) || source.latest.landing;
  return (
    <p className="text-sm text-slate-700">
      First source: {first} ({source.first.date}); latest source: {latest} ({source.latest.date})
    </p>
  );
}

export default function PersonPage({ loaderData, actionData }: Route.ComponentProps) {
  const { person, canErase } = loaderData;
  const noteState = actionData?.intent === "note" ? actionData : undefined;
  const tagState = actionData?.intent === "tag" ? actionData : undefined;
  const noteField = fieldsFor(personNoteSchema, {
    values: noteState?.values,
    errors: noteState?.errors,
  });
  const tagField = fieldsFor(personTagSchema, {
    values: tagState?.values,
    errors: tagState?.errors,
  });
  return (
    <>
      <p className="mb-4">
        <Link to="/admin/people" className="text-sm font-medium text-blue-800 underline">
          ← Back to people
        </Link>
      </p>
      <PageHeader
        title={person.name || person.email}
        description={
          <>
            {person.email}
            {person.company ? ` · ${person.company}` : ""} · first seen{" "}
            {formatDateTime(person.firstSeenAt)}, last seen {formatDateTime(person.lastSeenAt)}
          </>
        }
      />
      <ActionMessage message={actionData?.message} trigger={actionData} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Panel title="Timeline">
          {person.timeline.length === 0 ? (
            <p className="text-sm text-slate-700">Nothing is held from this address.</p>
          ) : (
            <ol className="space-y-4">
              {person.timeline.map((item) => (
                <li key={`${item.kind}-${item.id}`} className="border-l-2 border-slate-200 pl-4">
                  <p className="text-sm text-slate-700">
                    <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                  </p>
                  <p className="font-medium text-slate-900">
                    {item.href ? (
                      <Link to={item.href} className="text-blue-800 underline">
                        {item.title}
                      </Link>
                    ) : (
                      item.title
                    )}
                    {item.status ? ` · ${statusLabel(item.kind, item.status)}` : ""}
                  </p>
                  {item.kind === "note" ? (
                    <p className="whitespace-pre-line text-sm text-slate-800">
                      {item.body} <span className="text-slate-600">({item.author})</span>
                    </p>
                  ) : (
                    <SourceLine source={item.source} />
                  )}
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <div className="space-y-6">
          <Panel title="Newsletter">
            {person.subscription ? (
              <dl className="space-y-1 text-sm">
                <dt className="font-medium">Status</dt>
                <dd>{statusLabel("subscription", person.subscription.status)}</dd>
                <dt className="font-medium">Consent</dt>
                <dd>
                  “{person.subscription.consentText}”,{" "}
                  {formatDateTime(person.subscription.consentedAt)}
                </dd>
                {person.subscription.confirmedAt ? (
                  <>
                    <dt className="font-medium">Confirmed</dt>
                    <dd>{formatDateTime(person.subscription.confirmedAt)}</dd>
                  </>
                ) : null}
                {person.subscription.unsubscribedAt ? (
                  <>
                    <dt className="font-medium">Unsubscribed</dt>
                    <dd>{formatDateTime(person.subscription.unsubscribedAt)}</dd>
                  </>
                ) : null}
              </dl>
            ) : (
              <p className="text-sm text-slate-700">Not on the newsletter list.</p>
            )}
          </Panel>
          <Panel title="Tags">
            {person.tags.length > 0 ? (
              <ul className="mb-4 flex flex-wrap gap-2">
                {person.tags.map((tag) => (
                  <li key={tag}>
                    <Form method="post" className="inline-flex items-center gap-1">
                      <input type="hidden" name="intent" value="untag" />
                      <input type="hidden" name="tag" value={tag} />
                      <Badge colours="bg-blue-50 text-blue-900 ring-blue-200">{tag}</Badge>
                      <button
                        type="submit"
                        className={buttonClasses.small}
                        aria-label={`Remove the tag ${tag}`}
                      >
                        Remove
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mb-4 text-sm text-slate-700">No tags yet.</p>
            )}
            <Form method="post" noValidate key={`tag-${JSON.stringify(tagState?.values ?? null)}`}>
              <input type="hidden" name="intent" value="tag" />
              {tagState?.errors ? <FormError message="Check the tag below." /> : null}
              <TextField label="Add a tag" {...tagField("tag")} />
              <button type="submit" className={`${buttonClasses.primary} mt-3`}>
                Add tag
              </button>
            </Form>
          </Panel>
          <Panel title="Add a note">
            <Form
              method="post"
              noValidate
              key={`note-${JSON.stringify(noteState?.values ?? null)}`}
            >
              <input type="hidden" name="intent" value="note" />
              {noteState?.errors ? <FormError message="Check the note below." /> : null}
              <TextAreaField label="Note" rows={4} {...noteField("body")} />
              <button type="submit" className={`${buttonClasses.primary} mt-3`}>
                Add note
              </button>
            </Form>
          </Panel>
          <ConsentPanel rows={loaderData.consents} email={person.email} />
          {loaderData.nominees.length > 0 ? (
            <Panel title="Nominee">
              <ul className="space-y-2 text-sm">
                {loaderData.nominees.map((request) => (
                  <li key={request.id}>
                    <span className="font-medium">{request.nomineeName}</span> (
                    <span className="break-all">{request.nomineeEmail}</span>) ·{" "}
                    <Link
                      to={`/admin/privacy-requests/${request.id}`}
                      className="text-blue-800 underline"
                    >
                      {REQUEST_STATUS_LABELS[request.status]}, asked{" "}
                      {formatDateTime(request.verifiedAt)}
                    </Link>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          {canErase ? (
            <Panel title="Erase this person">
              <p className="mb-3 text-sm text-slate-700">
                A privacy request: every enquiry, booking, job application, CV, note and e-mail from
                this address, and the newsletter subscription, are deleted for good.
              </p>
              <Form method="post" action="/admin/enquiries/erase">
                <input type="hidden" name="email" value={person.email} />
                <ConfirmSubmit
                  title="Erase this person's data"
                  description="Are you sure you want to erase every enquiry, job application, CV, note, consultation booking, newsletter subscription and e-mail for this address? This cannot be undone."
                  confirmLabel="Erase"
                  className={buttonClasses.danger}
                >
                  Erase a person
                </ConfirmSubmit>
              </Form>
            </Panel>
          ) : null}
        </div>
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
