import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import { focusFirstError } from "./focus-first-error";

/*
 * What the public forms that post in place with JavaScript (the contact form, the job
 * application) share around their refused answers.
 */

interface RefusedAnswer {
  status: string;
  fieldErrors: Partial<Record<string, string>>;
}

/**
 * The refused answer a form shows (at first the one a post without JavaScript came back with),
 * and `showFailure` for one that arrives in place, after which focus moves to the first field
 * with a message (or the form's message), or straight to the person check's box when the answer
 * asks for it (its message above is announced as an alert). Focus moves once the answer is
 * drawn: an effect, not right after setState, since on a busy device React may commit after the
 * next frame and the box would not exist yet.
 */
export function useFormFailure<Failure extends RefusedAnswer>(
  formRef: RefObject<HTMLFormElement | null>,
  posted: Failure | undefined,
) {
  const [failure, setFailure] = useState<Failure | undefined>(posted);
  const focusOnFailure = useRef(false);
  useEffect(() => {
    if (!failure || !focusOnFailure.current) return;
    focusOnFailure.current = false;
    focusFirstError(
      formRef.current,
      failure.status === "confirm" ? { [PERSON_CHECK_FIELD]: true } : failure.fieldErrors,
    );
  }, [failure, formRef]);
  const showFailure = (result: Failure) => {
    focusOnFailure.current = true;
    setFailure(result);
  };
  return { failure, setFailure, showFailure };
}

/**
 * The form's submit handler for a post sent in place: one at a time. A ref, not state: a second
 * click must not slip in while the first is still being checked (a schema loading) or sent.
 */
export function useSingleSubmit(send: (form: HTMLFormElement) => Promise<void>) {
  const busyRef = useRef(false);
  return async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    try {
      await send(event.currentTarget);
    } finally {
      busyRef.current = false;
    }
  };
}
