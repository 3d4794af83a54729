import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClasses, fieldsFor, SelectField, TextAreaField } from "~/components/admin/forms";
import { formatDateTime, Panel } from "~/components/admin/page";
import { type ConfirmationRequest, ConfirmSubmit } from "~/components/ui/confirm-dialog";
import { enquiryNoteSchema } from "~/modules/enquiries/enquiry.schema";

/*
 * The panels of a record's page that act on it (an enquiry, an application): its notes, its
 * status with the history, and delete. Each posts to the page's action with an `intent`.
 */

/** What a record page's action answers (routes/admin/enquiries.$id.tsx, applications.$id.tsx). */
export interface RecordActionResult {
  message?: string;
  noteAdded?: boolean;
  noteError?: string;
  noteBody?: string;
  confirmation?: ConfirmationRequest;
}

export interface RecordNote {
  id: string;
  body: string;
  by: string;
  at: string;
}

const useBusy = () => useNavigation().state === "submitting";

/**
 * The notes, oldest first, and the form that adds one (emptied once it is added). Enquiries and
 * applications follow the same note rules: enquiryNoteSchema (applicationNoteSchema is it).
 */
export function NotesPanel({
  notes,
  result,
}: {
  notes: RecordNote[];
  result?: RecordActionResult;
}) {
  const busy = useBusy();
  const noteForm = useRef<HTMLFormElement>(null);
  // An added note leaves an empty box for the next one.
  useEffect(() => {
    if (result?.noteAdded) noteForm.current?.reset();
  }, [result]);
  const noteError = result?.noteError;
  const field = fieldsFor(enquiryNoteSchema, {
    values: { body: result?.noteBody ?? "" },
    errors: { body: noteError },
  });
  return (
    <Panel title="Internal notes">
      {notes.length === 0 ? (
        <p className="text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ol className="space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-slate-50 p-3">
              <p className="text-sm whitespace-pre-wrap text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {note.by}, <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" ref={noteForm} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="note" />
        {/* The server says when a note is empty, as it always has; no required mark. */}
        <TextAreaField
          key={noteError ? "invalid" : "note"}
          id="note-body"
          label="Add a note"
          rows={3}
          {...field("body")}
          required={undefined}
        />
        <button type="submit" className={buttonClasses.primary} disabled={busy}>
          Add note
        </button>
      </Form>
    </Panel>
  );
}

/** The status form, then the history (its items given by the page, received first). */
export function StatusPanel({
  id,
  status,
  options,
  children,
}: {
  /** The select's id. */
  id: string;
  status: string;
  options: { value: string; label: string }[];
  /** The history's items. */
  children: React.ReactNode;
}) {
  const busy = useBusy();
  return (
    <Panel title="Status">
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="status" />
        <SelectField
          key={status}
          id={id}
          label="Status"
          name="status"
          defaultValue={status}
          options={options}
        />
        <button type="submit" className={buttonClasses.primary} disabled={busy}>
          Update status
        </button>
      </Form>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">History</h3>
      <ol className="mt-2 space-y-2 text-sm text-slate-800">{children}</ol>
    </Panel>
  );
}

/** Delete behind the confirm dialog (the action asks again without JavaScript). */
export function DeletePanel({
  what,
  confirmation,
  label,
}: {
  /** "Removes the … This cannot be undone." */
  what: string;
  confirmation: { title: string; description: string; confirmLabel: string };
  label: string;
}) {
  const busy = useBusy();
  return (
    <Panel title="Delete">
      <p className="mb-3 text-sm text-slate-700">{what}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <ConfirmSubmit {...confirmation} className={buttonClasses.danger} disabled={busy}>
          {label}
        </ConfirmSubmit>
      </Form>
    </Panel>
  );
}
