import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { useHydrated } from "./use-hydrated";

/*
 * Confirmations in an accessible dialog (Radix AlertDialog: focus trapped, Escape cancels, focus
 * returns), never window.confirm.
 *
 * 1. ConfirmDialog: the dialog itself, for any action.
 *      <ConfirmDialog
 *        trigger={<button type="button">Delete</button>}   // or controlled: open + onOpenChange
 *        title="Delete enquiry"
 *        description="Are you sure you want to delete this enquiry?"
 *        confirmLabel="Delete"                               // default "Confirm"; cancel is "Cancel"
 *        onConfirm={() => fetcher.submit({ intent: "delete" }, { method: "post" })}
 *      />
 *
 * 2. ConfirmSubmit: a submit button for a <Form>/<fetcher.Form> that asks first, and still asks
 *    when JavaScript is off (the server asks instead):
 *      <Form method="post">
 *        <input type="hidden" name="id" value={id} />
 *        <ConfirmSubmit name="intent" value="delete" {...DELETE_CONFIRMATION}>Delete</ConfirmSubmit>
 *      </Form>
 *    and in the action:
 *      if (!isConfirmed(formData))
 *        return { confirmation: confirmationRequest(formData, DELETE_CONFIRMATION) };
 *    and in the page, once: <ConfirmationPanel request={actionData?.confirmation} />
 *    With JavaScript the dialog adds `confirmed=yes` to the submission; without it the first post
 *    comes back with a panel holding the same fields plus `confirmed=yes`.
 */

/** The form field that carries the user's confirmation. */
export const CONFIRMED_FIELD = "confirmed";

export interface ConfirmationText {
  title: string;
  description: string;
  confirmLabel?: string;
}

/** What an action returns when a confirmation is missing (rendered by ConfirmationPanel). */
export interface ConfirmationRequest extends ConfirmationText {
  fields: [string, string][];
}

/** True when the submission carries the confirmation. */
export const isConfirmed = (formData: FormData) => formData.getAll(CONFIRMED_FIELD).includes("yes");

/** The request to confirm a submission: its text fields, to post again with the confirmation. */
export function confirmationRequest(
  formData: FormData,
  text: ConfirmationText,
): ConfirmationRequest {
  const fields: [string, string][] = [];
  for (const [name, value] of formData.entries()) {
    if (name !== CONFIRMED_FIELD && typeof value === "string") fields.push([name, value]);
  }
  return { ...text, fields };
}

const buttonBase =
  "inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";
export const CONFIRM_BUTTON_CLASSES = {
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`,
  default: `${buttonBase} bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700`,
  cancel: `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-slate-500`,
};

export interface ConfirmDialogProps extends ConfirmationText {
  onConfirm: () => void;
  cancelLabel?: string;
  /** Red confirm button (default) or blue. */
  tone?: "danger" | "default";
  /** An element that opens the dialog (rendered as is). Leave out to control it with `open`. */
  trigger?: React.ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes (default: the trigger). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  tone = "danger",
  onConfirm,
  trigger,
  open,
  onOpenChange,
  returnFocusTo,
}: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const isOpen = open ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  // Radix closes the dialog on Escape when it is the top layer. A toast that appears while the
  // dialog is open becomes the top layer instead; then the dialog closes itself (below).
  const escapeHandled = useRef(false);
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content
          onEscapeKeyDown={() => {
            escapeHandled.current = true;
          }}
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            if (escapeHandled.current) escapeHandled.current = false;
            else setOpen(false);
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={CONFIRM_BUTTON_CLASSES.cancel}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={CONFIRM_BUTTON_CLASSES[tone]} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export interface ConfirmSubmitProps extends ConfirmationText {
  children: React.ReactNode;
  name?: string;
  value?: string;
  className?: string;
  disabled?: boolean;
  tone?: "danger" | "default";
  /** An accessible name when the visible label is not enough (e.g. "Delete Analyst"). */
  "aria-label"?: string;
}

/** A submit button that asks for confirmation in a dialog first (see the notes above). */
export function ConfirmSubmit({
  children,
  name,
  value,
  className,
  disabled,
  tone = "danger",
  "aria-label": ariaLabel,
  ...text
}: ConfirmSubmitProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const confirmedRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={confirmedRef} type="hidden" name={CONFIRMED_FIELD} defaultValue="" />
      <button
        ref={buttonRef}
        type="submit"
        name={name}
        value={value}
        className={className}
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={(event) => {
          if (hydrated && confirmedRef.current?.value !== "yes") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {hydrated ? (
        <ConfirmDialog
          {...text}
          tone={tone}
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={buttonRef}
          onConfirm={() => {
            const input = confirmedRef.current;
            const button = buttonRef.current;
            if (!input || !button?.form) return;
            // The router reads the form synchronously while the submit event is dispatched.
            input.value = "yes";
            button.form.requestSubmit(button);
            input.value = "";
          }}
        />
      ) : null}
    </>
  );
}

/** The server's question when a confirmation was missing (a post made without JavaScript). */
export function ConfirmationPanel({
  request,
  cancelHref,
}: {
  request?: ConfirmationRequest | null;
  /** Where Cancel leads; default: the current page. */
  cancelHref?: string;
}) {
  const location = useLocation();
  if (!request) return null;
  return (
    <section
      aria-labelledby="confirmation-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="confirmation-title" className="text-lg font-semibold text-slate-900">
        {request.title}
      </h2>
      <p className="mt-2 text-sm text-slate-800">{request.description}</p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        {request.fields.map(([name, value], index) => (
          // Field names repeat (lists); their order is what identifies them.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this render
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
        <button type="submit" className={CONFIRM_BUTTON_CLASSES.danger}>
          {request.confirmLabel ?? "Confirm"}
        </button>
        <a
          href={cancelHref ?? `${location.pathname}${location.search}`}
          className={CONFIRM_BUTTON_CLASSES.cancel}
        >
          Cancel
        </a>
      </Form>
    </section>
  );
}
