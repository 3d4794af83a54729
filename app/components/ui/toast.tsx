import * as ToastPrimitive from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useHydrated } from "./use-hydrated";

/*
 * Toasts: short status messages, announced to screen readers through Radix Toast's aria-live
 * region (errors assertively, others politely), coloured as the spec says: a message containing
 * the word "Error" is red, any other green. They clear themselves after 3 s unless told otherwise.
 *
 * Usage
 *   <Toaster>…</Toaster>                    once around a tree (the admin layout does this)
 *   const toast = useToast();
 *   toast("Service updated successfully!");                     green, 3 s
 *   toast("Error updating service: …");                         red (tone read from the text)
 *   toast("Services reset …", { durationMs: 5000 });
 *   toast("Saved", { tone: "error" });                           tone forced
 *
 *   <ActionMessage message={actionData?.message} trigger={actionData} durationMs={3000} />
 *     shows an action's message: as a toast once JavaScript runs (again for every new `trigger`,
 *     e.g. each new actionData object, so the same text twice shows twice), and as plain inline
 *     text when the page was rendered by a form post without JavaScript.
 */

export type ToastTone = "success" | "error";

export interface ToastOptions {
  /** Defaults to "error" when the text contains the word Error, else "success". */
  tone?: ToastTone;
  /** How long the toast stays; default DEFAULT_TOAST_MS. */
  durationMs?: number;
}

export type ShowToast = (text: string, options?: ToastOptions) => void;

/** Status messages clear after 3 seconds (spec section 4). */
export const DEFAULT_TOAST_MS = 3000;
/** Except after a services reset: 5 seconds. */
export const LONG_TOAST_MS = 5000;

/** The spec's rule: messages containing the word Error are red, all others green. */
export const toneOf = (text: string): ToastTone => (/\berror/i.test(text) ? "error" : "success");

export const TONE_CLASSES: Record<ToastTone, string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

interface ToastItem {
  id: number;
  text: string;
  tone: ToastTone;
  durationMs: number;
}

const ToastContext = createContext<ShowToast | null>(null);
let nextToastId = 0;
/** Older toasts make way so a burst of messages never covers the page. */
const MAX_VISIBLE = 3;

export function Toaster({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const show = useCallback<ShowToast>((text, options = {}) => {
    nextToastId += 1;
    const item: ToastItem = {
      id: nextToastId,
      text,
      tone: options.tone ?? toneOf(text),
      durationMs: options.durationMs ?? DEFAULT_TOAST_MS,
    };
    setItems((list) => [...list.slice(-(MAX_VISIBLE - 1)), item]);
  }, []);
  const remove = (id: number) => setItems((list) => list.filter((item) => item.id !== id));

  return (
    <ToastContext.Provider value={show}>
      <ToastPrimitive.Provider label="Notification" swipeDirection="right">
        {children}
        {items.map((item) => (
          <ToastPrimitive.Root
            key={item.id}
            duration={item.durationMs}
            type={item.tone === "error" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) remove(item.id);
            }}
            // Escape closes a toast only when it has focus; elsewhere Escape belongs to what
            // the user is doing (a dialog, a menu).
            onEscapeKeyDown={(event) => {
              const target = event.target instanceof Element ? event.target : null;
              if (!target?.closest("[data-toast]")) event.preventDefault();
            }}
            data-toast=""
            className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${TONE_CLASSES[item.tone]}`}
            data-tone={item.tone}
          >
            <ToastPrimitive.Description className="flex-1">{item.text}</ToastPrimitive.Description>
            <ToastPrimitive.Close
              aria-label="Dismiss message"
              className="-m-1 rounded p-1 leading-none hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              <span aria-hidden="true">×</span>
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport className="fixed right-4 bottom-4 z-50 m-0 flex w-[calc(100%-2rem)] max-w-sm list-none flex-col gap-2 p-0 outline-none" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

/** The function that shows a toast; must be used inside <Toaster>. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used within a Toaster");
  return show;
}

/** Plain message text, for pages without JavaScript and for places without a Toaster. */
export function InlineMessage({
  message,
  className = "",
}: {
  message: string;
  className?: string;
}) {
  const tone = toneOf(message);
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      data-tone={tone}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${TONE_CLASSES[tone]} ${className}`}
    >
      {message}
    </p>
  );
}

/**
 * An action's message: a toast once hydrated (shown again for every new `trigger`), inline text
 * before that (a form post rendered without JavaScript).
 */
export function ActionMessage({
  message,
  trigger,
  durationMs = DEFAULT_TOAST_MS,
}: {
  message?: string | null;
  trigger?: unknown;
  durationMs?: number;
}) {
  const hydrated = useHydrated();
  const toast = useToast();
  const shownFor = useRef<unknown>(undefined);
  const key = trigger ?? message;
  useEffect(() => {
    if (!hydrated || !message || shownFor.current === key) return;
    shownFor.current = key;
    toast(message, { durationMs });
  }, [hydrated, message, key, durationMs, toast]);
  if (hydrated || !message) return null;
  return <InlineMessage message={message} className="mb-6" />;
}
