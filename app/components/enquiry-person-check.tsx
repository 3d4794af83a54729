import { useId } from "react";
import { PERSON_CHECK_FIELD, PERSON_CHECK_LABEL } from "~/modules/forms/spam-fields";

/**
 * The "confirm you are a person" box, shown above the Send button when the server answered a
 * post that came too fast with the person check (status "confirm"). Ticking it and sending again
 * sends the enquiry as usual. Required: the server asks again, with `error`, when it is not ticked.
 */
export function EnquiryPersonCheck({ error }: { error?: string }) {
  const id = useId();
  const boxId = `${id}-box`;
  const errorId = `${id}-error`;
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3">
      <div className="flex items-start gap-3">
        <input
          id={boxId}
          type="checkbox"
          name={PERSON_CHECK_FIELD}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 h-4 w-4 rounded border-slate-400"
        />
        <label htmlFor={boxId} className="text-sm font-medium text-slate-900">
          {PERSON_CHECK_LABEL}
          <span aria-hidden="true"> *</span>
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
