import { Form, Link } from "react-router";
import {
  type ContentList,
  type ContentRow,
  type ContentSection,
  POSTED_LISTS_FIELD,
} from "~/components/admin/content-form";
import { FormError, TextAreaField, TextField } from "~/components/admin/forms";
import { ListEditor } from "~/components/admin/list-editor";
import { Panel } from "~/components/admin/page";
import { SaveButtons } from "~/components/admin/versions/draft-panel";
import { PAGE_LABELS, type PageKey } from "~/modules/pages/page.schema";

/* The Content page's editor: a page's text fields and its editable lists (the methodology steps). */

/** A section's lists as they read; `editing` leaves out those the editor edits itself. */
export function ReadOnlyLists({
  section,
  editing,
}: {
  section: ContentSection;
  editing?: boolean;
}) {
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

export function ContentEditor({
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
  return (
    <Form method="post" action={cancelHref} className="space-y-6" noValidate>
      <input type="hidden" name="page" value={page} />
      <Panel
        title={`Editing the ${PAGE_LABELS[page]} page`}
        actions={<SaveButtons cancelHref={cancelHref} />}
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
        <div className="mt-6">
          <SaveButtons cancelHref={cancelHref} />
        </div>
      </Panel>
    </Form>
  );
}
