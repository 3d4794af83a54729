import { data, Form, Link, useNavigation } from "react-router";
import {
  applyContentForm,
  applyContentListOp,
  type ContentList,
  type ContentRow,
  type ContentSection,
  contentSections,
  POSTED_LISTS_FIELD,
  readContentDraft,
} from "~/components/admin/content-form";
import { buttonClasses, FormError, TextAreaField, TextField } from "~/components/admin/forms";
import { LIST_OP_FIELD, ListEditor, parseListOp } from "~/components/admin/list-editor";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { staffActor } from "~/modules/commands/command.server";
import { PAGE_KEYS, PAGE_LABELS, type PageKey } from "~/modules/pages/page.schema";
import { updatePageContent } from "~/modules/pages/page-commands.server";
import { getPage, isPageKey, listPages } from "~/modules/pages/pages.server";
import { requireStaff } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () => adminMeta("Content");

const pageOf = (value: string | null): PageKey => (value && isPageKey(value) ? value : "home");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const key = pageOf(url.searchParams.get("page"));
  const { db } = runtimeFrom(context);
  const [content, stored] = await Promise.all([getPage(db, key), listPages(db)]);
  return {
    page: key,
    sections: contentSections(content),
    updatedAt: stored.find((p) => p.id === key)?.updatedAt ?? null,
    editing: url.searchParams.get("edit") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const form = await requireForm(request);
  const key = form.get("page");
  if (typeof key !== "string" || !isPageKey(key)) {
    return data(
      { message: "Error updating content: choose one of the six pages." },
      { status: 400 },
    );
  }
  const { db } = runtimeFrom(context);
  const stored = await getPage(db, key);
  const listOp = parseListOp(form.get(LIST_OP_FIELD));
  if (listOp) {
    // A list button pressed without JavaScript: show the changed draft, save nothing yet.
    const draft = applyContentListOp(readContentDraft(stored, form), listOp);
    return { message: undefined, ...draft, errors: {} };
  }
  const applied = applyContentForm(stored, form);
  if (!applied.ok) {
    return data(
      {
        message: "Error updating content: please correct the fields marked below.",
        values: applied.values,
        lists: applied.lists,
        errors: applied.errors,
      },
      { status: 400 },
    );
  }
  try {
    await updatePageContent(db, staffActor(user), { page: key, content: applied.content });
  } catch (error) {
    return data(
      {
        message: `Error updating content: ${(error as Error).message}`,
        values: undefined,
        errors: undefined,
      },
      { status: 500 },
    );
  }
  return { message: "Content updated successfully!", values: undefined, errors: undefined };
}

type ActionResult = {
  message?: string;
  values?: Record<string, string>;
  lists?: Record<string, ContentRow[]>;
  /** Set (maybe empty) while the editor stays open: a refused save or a list button. */
  errors?: Record<string, string>;
};

export default function ContentPage({
  loaderData,
  actionData: rawActionData,
}: Route.ComponentProps) {
  const actionData = rawActionData as ActionResult | undefined;
  const { page, sections, updatedAt } = loaderData;
  const editing = loaderData.editing || Boolean(actionData?.errors);
  const pageLink = (key: PageKey) => `/admin/content?page=${key}`;
  return (
    <>
      <PageHeader
        title="Content"
        description="Hero, text fields and the Services page's methodology steps of the public pages. Changes show on the site at once."
      />
      <ActionMessage message={actionData?.message} trigger={actionData} />

      <nav aria-label="Pages" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {PAGE_KEYS.map((key) => (
            <li key={key}>
              <Link
                to={pageLink(key)}
                aria-current={key === page ? "page" : undefined}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm font-medium ${
                  key === page
                    ? "border-blue-700 bg-blue-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                {PAGE_LABELS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {editing ? (
        <ContentEditor
          key={`${page}-${JSON.stringify([actionData?.values ?? null, actionData?.lists ?? null])}`}
          page={page}
          sections={sections}
          values={actionData?.values}
          lists={actionData?.lists}
          errors={actionData?.errors ?? {}}
          cancelHref={pageLink(page)}
        />
      ) : (
        <Panel
          title={`${PAGE_LABELS[page]} page`}
          actions={
            <Link to={`${pageLink(page)}&edit=1`} className={buttonClasses.primary}>
              Edit<span className="sr-only"> the {PAGE_LABELS[page]} page</span>
            </Link>
          }
        >
          {updatedAt ? (
            <p className="-mt-2 mb-4 text-xs text-slate-600">
              Last updated {formatDateTime(updatedAt)}
            </p>
          ) : null}
          <div className="space-y-6">
            {sections.map((section) => (
              <section key={section.key} aria-labelledby={`section-${section.key}`}>
                <h3 id={`section-${section.key}`} className="font-semibold text-slate-900">
                  {section.label}
                </h3>
                <dl className="mt-2 space-y-2">
                  {section.fields.map((field) => (
                    <div key={field.path}>
                      <dt className="text-xs font-medium text-slate-600">{field.label}</dt>
                      <dd className="text-sm whitespace-pre-line text-slate-900">{field.value}</dd>
                    </div>
                  ))}
                </dl>
                <ReadOnlyLists section={section} />
              </section>
            ))}
          </div>
        </Panel>
      )}
    </>
  );
}

/** A section's lists as they read; `editing` leaves out those the editor edits itself. */
function ReadOnlyLists({ section, editing }: { section: ContentSection; editing?: boolean }) {
  return (
    <>
      {section.lists
        .filter((list) => !(editing && list.editor))
        .map((list) => (
          <div key={list.path} className="mt-3 rounded-md bg-slate-50 p-3">
            <p className="text-xs font-medium text-slate-600">
              {list.label}
              {list.editor ? null : " (read-only)"}
            </p>
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
              {list.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a list shown for reading
                <li key={index}>{item}</li>
              ))}
            </ol>
            {list.editor ? null : (
              <p className="mt-2 text-xs text-slate-700">
                Lists are managed in the{" "}
                <Link to="/admin/services" className="font-medium text-blue-800 underline">
                  Services Manager
                </Link>
                .
              </p>
            )}
          </div>
        ))}
    </>
  );
}

/** An editable list of the page (the methodology steps): add, remove, reorder, per-field errors. */
function ContentListField({
  list,
  rows,
  errors,
}: {
  list: ContentList & { editor: NonNullable<ContentList["editor"]> };
  rows?: ContentRow[];
  errors: Record<string, string>;
}) {
  return (
    <div className="mt-4">
      <input type="hidden" name={POSTED_LISTS_FIELD} value={list.path} />
      <ListEditor
        list={list.path}
        legend={list.label}
        noun={list.editor.noun}
        maxRows={list.editor.maxRows}
        columns={list.editor.columns}
        rows={rows ?? list.editor.rows}
        errorFor={(index, key) => errors[`${list.path}.${index}.${key}`]}
        listError={errors[list.path]}
      />
    </div>
  );
}

function ContentEditor({
  page,
  sections,
  values,
  lists,
  errors,
  cancelHref,
}: {
  page: PageKey;
  sections: ContentSection[];
  values?: Record<string, string>;
  lists?: Record<string, ContentRow[]>;
  errors: Record<string, string>;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  return (
    <Form method="post" action={cancelHref} className="space-y-6" noValidate>
      <input type="hidden" name="page" value={page} />
      <Panel
        title={`Editing the ${PAGE_LABELS[page]} page`}
        actions={
          <div className="flex gap-2">
            <button type="submit" className={buttonClasses.primary} disabled={saving}>
              {saving ? "Saving..." : "Save"}
            </button>
            <Link to={cancelHref} className={buttonClasses.secondary}>
              Cancel
            </Link>
          </div>
        }
      >
        {Object.keys(errors).length > 0 ? (
          <div className="mb-4">
            <FormError message="Some fields need attention: see the messages below." />
          </div>
        ) : null}
        <div className="space-y-6">
          {sections.map((section) => (
            <fieldset key={section.key} className="rounded-lg border border-slate-200 p-4">
              <legend className="px-1 font-semibold text-slate-900">{section.label}</legend>
              <div className="space-y-4">
                {section.fields.map((field) =>
                  field.multiline ? (
                    <TextAreaField
                      key={field.path}
                      label={field.label}
                      name={field.path}
                      required={field.required}
                      rows={4}
                      maxLength={field.maxLength}
                      defaultValue={values?.[field.path] ?? field.value}
                      error={errors[field.path]}
                    />
                  ) : (
                    <TextField
                      key={field.path}
                      label={field.label}
                      name={field.path}
                      required={field.required}
                      maxLength={field.maxLength}
                      defaultValue={values?.[field.path] ?? field.value}
                      error={errors[field.path]}
                    />
                  ),
                )}
              </div>
              {section.lists.map((list) =>
                list.editor ? (
                  <ContentListField
                    key={list.path}
                    list={{ ...list, editor: list.editor }}
                    rows={lists?.[list.path]}
                    errors={errors}
                  />
                ) : null,
              )}
              <ReadOnlyLists section={section} editing />
            </fieldset>
          ))}
        </div>
        <div className="mt-6 flex gap-2">
          <button type="submit" className={buttonClasses.primary} disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </button>
          <Link to={cancelHref} className={buttonClasses.secondary}>
            Cancel
          </Link>
        </div>
      </Panel>
    </Form>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
