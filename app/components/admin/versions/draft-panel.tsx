import { Form, Link, useNavigation } from "react-router";
import { buttonClasses, fieldsFor, SelectField, TextField } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import { formatIndiaDateTime } from "~/lib/india-format";
import { scheduleInputSchema } from "~/modules/versions/schedule.schema";

/*
 * The edit page's side panels of issue 29 (decision 0060): the draft (saved by whom, when;
 * preview, publish, discard), the history, and publishing or unpublishing at a time in IST.
 * Plain forms: everything works without JavaScript.
 */

export interface DraftPanelProps {
  /** The edit page's address; the preview and history pages hang below it unless given. */
  here: string;
  previewHref?: string;
  historyHref?: string;
  /** Fields the publish and discard posts carry (which item, on a page that lists several). */
  hidden?: Record<string, string>;
  published: boolean;
  draft?: { savedAt: string; savedByName: string };
  versionCount: number;
  /** Pending scheduled changes; left out for a kind that is not scheduled (no panel). */
  schedules?: Array<{
    id: string;
    action: "publish" | "unpublish";
    runAt: string;
    createdByName: string;
  }>;
  scheduleState?: { values?: Record<string, unknown>; errors?: Record<string, string> };
  /** What the kind can be scheduled to do (a page always on the site: publish its draft only). */
  scheduleActions?: readonly ScheduleChange[];
}

type ScheduleChange = "publish" | "unpublish";

const ACTIONS = [
  { value: "publish", label: "Publish" },
  { value: "unpublish", label: "Unpublish" },
] as const;

export function DraftPanel({
  here,
  previewHref = `${here}/preview`,
  historyHref = `${here}/versions`,
  hidden = {},
  published,
  draft,
  versionCount,
  schedules,
  scheduleState,
  scheduleActions,
}: DraftPanelProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <>
      <Panel title="Draft and history" className="mb-6">
        {draft ? (
          <p className="text-sm text-slate-800">
            Unpublished draft saved by {draft.savedByName} on{" "}
            <time dateTime={draft.savedAt}>{formatIndiaDateTime(draft.savedAt)}</time>. The live
            page shows the last published version.
          </p>
        ) : (
          <p className="text-sm text-slate-800">
            {published ? "No unpublished changes." : "Not published yet: saves change the draft."}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={previewHref} className={buttonClasses.secondary}>
            Preview draft<span className="sr-only"> as the public page</span>
          </Link>
          {draft ? (
            <Form method="post" action={here} className="contents">
              {Object.entries(hidden).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button
                type="submit"
                name="intent"
                value="publish"
                className={buttonClasses.primary}
                disabled={busy}
              >
                Publish draft
              </button>
              <button
                type="submit"
                name="intent"
                value="discard-draft"
                className={buttonClasses.secondary}
                disabled={busy}
              >
                Discard draft
              </button>
            </Form>
          ) : null}
          <Link to={historyHref} className={buttonClasses.secondary}>
            History ({versionCount} {versionCount === 1 ? "version" : "versions"})
          </Link>
        </div>
      </Panel>
      {schedules ? (
        <SchedulePanel
          published={published}
          schedules={schedules}
          scheduleState={scheduleState}
          actions={scheduleActions}
          hidden={hidden}
        />
      ) : null}
    </>
  );
}

/** Publishing or unpublishing at a time in IST, and the changes waiting (any kind of content). */
export function SchedulePanel({
  published,
  schedules,
  scheduleState,
  hint = "India Standard Time. Live within a minute of it; a publish uses the draft.",
  actions = ["publish", "unpublish"],
  hidden = {},
}: Pick<DraftPanelProps, "published" | "scheduleState" | "hidden"> & {
  schedules: NonNullable<DraftPanelProps["schedules"]>;
  hint?: string;
  actions?: readonly ScheduleChange[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const canUnpublish = actions.includes("unpublish");
  const field = fieldsFor(scheduleInputSchema, {
    values: scheduleState?.values ?? {
      action: published && canUnpublish ? "unpublish" : "publish",
    },
    errors: scheduleState?.errors,
  });
  // Which item the posts are about, on a page that lists several (the posts go to this address).
  const hiddenFields = Object.entries(hidden).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <Panel title="Schedule" className="mb-6">
      {schedules.length > 0 ? (
        <ul className="mb-4 space-y-2 text-sm">
          {schedules.map((schedule) => (
            <li key={schedule.id} className="flex flex-wrap items-center gap-2">
              <span className="text-slate-900">
                {schedule.action === "publish" ? "Publish" : "Unpublish"} on{" "}
                <time dateTime={schedule.runAt}>{formatIndiaDateTime(schedule.runAt)}</time>{" "}
                <span className="text-slate-700">(by {schedule.createdByName})</span>
              </span>
              <Form method="post">
                {hiddenFields}
                <input type="hidden" name="scheduleId" value={schedule.id} />
                <button
                  type="submit"
                  name="intent"
                  value="cancel-schedule"
                  className={buttonClasses.secondary}
                  disabled={busy}
                >
                  Cancel<span className="sr-only"> this scheduled change</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-slate-800">Nothing scheduled.</p>
      )}
      <Form method="post" noValidate className="space-y-3">
        {hiddenFields}
        <SelectField
          label="Change"
          options={ACTIONS.filter((option) => actions.includes(option.value))}
          {...field("action")}
        />
        <TextField
          label="Date and time (IST)"
          type="datetime-local"
          hint={hint}
          {...field("runAt")}
        />
        <button
          type="submit"
          name="intent"
          value="schedule"
          className={buttonClasses.primary}
          disabled={busy}
        >
          Schedule
        </button>
      </Form>
    </Panel>
  );
}

/** Marks an item in a list that has an unpublished draft. */
export function DraftBadge() {
  return (
    <p className="mt-2 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
      Unpublished draft
    </p>
  );
}

/**
 * An editor's buttons (issue 29): the one that puts the form on the site ("Save and publish",
 * `intent=save`), "Save draft" (`intent=draft`: the live page stays as it is) when the item has a
 * live page, and Cancel. The pressed one says "Saving..." while the post is under way.
 */
export function SaveButtons({
  publishLabel = "Save and publish",
  withDraft = true,
  cancelHref,
}: {
  publishLabel?: string;
  withDraft?: boolean;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="submit"
        name="intent"
        value="save"
        className={buttonClasses.primary}
        disabled={Boolean(intent)}
      >
        {intent === "save" ? "Saving..." : publishLabel}
      </button>
      {withDraft ? (
        <button
          type="submit"
          name="intent"
          value="draft"
          className={buttonClasses.secondary}
          disabled={Boolean(intent)}
        >
          {intent === "draft" ? "Saving..." : "Save draft"}
        </button>
      ) : null}
      <Link to={cancelHref} preventScrollReset className={buttonClasses.secondary}>
        Cancel
      </Link>
    </div>
  );
}
