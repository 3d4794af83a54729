import { Form, Link, NavLink } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import { ConfirmSubmit } from "~/components/ui/confirm-dialog";
import type { MediaChoice } from "~/modules/media/media-choice";
import { PROOF_KINDS, type ProofKind } from "~/modules/proof/proof.schema";
import { capitalise, PROOF_KIND_VIEWS } from "./proof-kinds";

/*
 * The admin's editor of an ordered, publishable collection, for any of the four kinds of social
 * proof: tabs, the empty state, and the list in the site's order with move,
 * publish/unpublish, edit and delete on each entry (the add/edit form: proof-entry-form.tsx). Every action is a plain form post, so all of
 * it works without JavaScript; with it, delete asks in a dialog.
 */

export type EntryValues = Record<string, string>;
export interface ListedEntry extends EntryValues {
  id: string;
}

export const base = (kind: ProofKind) => `/admin/social-proof/${kind}`;

export const deleteConfirmation = (kind: ProofKind) => {
  const { noun } = PROOF_KIND_VIEWS[kind];
  return {
    title: `Delete ${noun}`,
    description: `Are you sure you want to delete this ${noun}? It disappears from the site at once.`,
    confirmLabel: "Delete",
  };
};

export function ProofTabs({ current }: { current: ProofKind }) {
  return (
    <nav aria-label="Kinds of social proof" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {PROOF_KINDS.map((kind) => (
          <li key={kind}>
            <NavLink
              to={base(kind)}
              aria-current={kind === current ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${
                kind === current
                  ? "border-blue-700 text-blue-800"
                  : "border-transparent text-slate-700 hover:border-slate-400"
              }`}
            >
              {PROOF_KIND_VIEWS[kind].title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function EntryCard({
  kind,
  entry,
  index,
  count,
  choices,
}: {
  kind: ProofKind;
  entry: ListedEntry;
  index: number;
  count: number;
  choices: readonly MediaChoice[];
}) {
  const view = PROOF_KIND_VIEWS[kind];
  const { title, detail } = view.summary(entry);
  const published = entry.status === "published";
  const image = choices.find((choice) => choice.id === (entry.photoId || entry.logoId));
  const headingId = `entry-${entry.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <span className="w-8 shrink-0 pt-1 text-sm font-semibold tabular-nums text-slate-600">
        {index + 1}.
      </span>
      {image ? (
        <img
          src={image.thumbUrl}
          alt=""
          width={image.width}
          height={image.height}
          className="h-14 w-14 shrink-0 rounded-md bg-slate-100 object-contain"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {title}
          </h3>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
              published
                ? "bg-green-100 text-green-900 ring-green-300"
                : "bg-yellow-100 text-yellow-900 ring-yellow-300"
            }`}
          >
            {published ? "Published" : "Draft"}
          </span>
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-slate-700">{detail}</p>
        <Form method="post" action={base(kind)} className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="id" value={entry.id} />
          <Link
            to={`${base(kind)}?edit=${encodeURIComponent(entry.id)}`}
            className={buttonClasses.small}
            aria-label={`Edit ${title}`}
          >
            Edit
          </Link>
          <button
            type="submit"
            name="intent"
            value={published ? "unpublish" : "publish"}
            className={buttonClasses.small}
            aria-label={`${published ? "Unpublish" : "Publish"} ${title}`}
          >
            {published ? "Unpublish" : "Publish"}
          </button>
          <button
            type="submit"
            name="intent"
            value="up"
            className={buttonClasses.small}
            disabled={index === 0}
            aria-label={`Move ${title} up`}
          >
            Move up
          </button>
          <button
            type="submit"
            name="intent"
            value="down"
            className={buttonClasses.small}
            disabled={index === count - 1}
            aria-label={`Move ${title} down`}
          >
            Move down
          </button>
          <ConfirmSubmit
            name="intent"
            value="delete"
            className={buttonClasses.small}
            aria-label={`Delete ${title}`}
            {...deleteConfirmation(kind)}
          >
            Delete
          </ConfirmSubmit>
        </Form>
      </div>
    </article>
  );
}

/** The entries in the site's order, or the empty state that says what to add and why. */
export function ProofEntryList({
  kind,
  entries,
  choices,
}: {
  kind: ProofKind;
  entries: ListedEntry[];
  choices: readonly MediaChoice[];
}) {
  const view = PROOF_KIND_VIEWS[kind];
  if (entries.length === 0) {
    return (
      <Panel>
        <p className="text-slate-700">{view.empty}</p>
        <Link to={`${base(kind)}?new=1`} className={`${buttonClasses.primary} mt-4`}>
          Add {view.noun}
        </Link>
      </Panel>
    );
  }
  return (
    <section aria-labelledby="entries-heading">
      <h2 id="entries-heading" className="mb-1 text-lg font-semibold text-slate-900">
        {view.title} in the site's order
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        Published entries show on {view.shownOn}, top first.
      </p>
      <ol className="space-y-3">
        {entries.map((entry, index) => (
          <li key={entry.id}>
            <EntryCard
              kind={kind}
              entry={entry}
              index={index}
              count={entries.length}
              choices={choices}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

export const messageFor = (kind: ProofKind, done: string) =>
  `${capitalise(PROOF_KIND_VIEWS[kind].noun)} ${done}`;
