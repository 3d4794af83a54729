import { type Ref, useEffect, useId, useImperativeHandle, useRef } from "react";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/modules/forms/spam-fields";
import { fetchFormToken } from "./form-token-fetch";

/*
 * The hidden parts of the spam defence that every public form carries (the contact form, the job
 * application, the resource request; docs/decisions/0014): the signed form token and the
 * honeypot. The server reads them with `spamSignalsOf` (modules/forms/spam-screen.server.ts).
 */

/**
 * The form token's hidden input and the honeypot.
 *
 * `token` is what the input starts with: on a page the page cache stores, the one rendered on
 * the server (`useRenderedFormToken`: the cache's placeholder, filled in for each visitor), or
 * the one a post without JavaScript came back with. The browser keeps the rendered value rather
 * than render it again. A form drawn in the browser without one (after a client-side navigation)
 * fetches one. When `token` later changes to another token (an answer shown in place with the
 * person check's token or a fresh one for an expired form), the input takes it.
 *
 * `tokenRef` gives the input itself, for a form that replaces a used-up token (the contact form
 * after its Thank You).
 */
export function SpamDefenceFields({
  token,
  tokenRef,
}: {
  token: string | undefined;
  tokenRef?: Ref<HTMLInputElement>;
}) {
  const honeypotId = `${useId()}-hp`;
  const inputRef = useRef<HTMLInputElement>(null);
  // Set before any effect of the form runs: the input is mounted by then.
  useImperativeHandle(tokenRef, () => inputRef.current as HTMLInputElement, []);

  useEffect(() => {
    const input = inputRef.current;
    if (!input || input.value) return;
    let cancelled = false;
    void fetchFormToken().then((fetched) => {
      if (!cancelled && fetched && !input.value) input.value = fetched;
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // Only on a change: at first the input holds the token it was drawn with (or one put there
  // since, which must not be overwritten by the same prop again).
  const seenToken = useRef(token);
  useEffect(() => {
    if (token === seenToken.current) return;
    seenToken.current = token;
    if (token && inputRef.current) inputRef.current.value = token;
  }, [token]);

  return (
    <>
      <input
        ref={inputRef}
        type="hidden"
        name={FORM_TOKEN_FIELD}
        defaultValue={token || undefined}
        suppressHydrationWarning
      />
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Leave this field empty</label>
        <input
          id={honeypotId}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
