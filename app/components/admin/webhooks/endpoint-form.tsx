import { Form } from "react-router";
import { buttonClasses, FormError, fieldsFor, TextField } from "~/components/admin/forms";
import { endpointFormSchema } from "~/modules/webhooks/webhook.schema";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "~/modules/webhooks/webhook-events";

/*
 * The form of a webhook endpoint (add, or change on its page): the address, a note, and the
 * events as one checkbox each, posted under the one name `events`.
 */

export interface EndpointFormState {
  values: { url?: string; description?: string; events?: readonly string[] };
  errors: Record<string, string>;
}

export function EndpointForm({
  intent,
  state,
  submitLabel,
}: {
  intent: "create" | "update";
  state: EndpointFormState;
  submitLabel: string;
}) {
  const field = fieldsFor(endpointFormSchema, { values: state.values, errors: state.errors });
  const chosen = new Set(state.values.events ?? []);
  const eventsError = state.errors.events;
  return (
    <Form method="post" className="space-y-4" noValidate key={JSON.stringify(state)}>
      <input type="hidden" name="intent" value={intent} />
      {state.errors.form ? <FormError message={state.errors.form} /> : null}
      <TextField
        label="Endpoint address (URL)"
        type="url"
        id={`${intent}-url`}
        hint="Where the events are posted, e.g. the webhook address your CRM gives you. It must start with https://."
        {...field("url")}
      />
      <TextField
        label="Description (optional)"
        id={`${intent}-description`}
        {...field("description")}
      />
      <fieldset aria-describedby={eventsError ? `${intent}-events-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Events to send</legend>
        {eventsError ? (
          <p id={`${intent}-events-error`} className="mt-1 text-sm text-red-700">
            {eventsError}
          </p>
        ) : null}
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="events"
                value={event}
                defaultChecked={chosen.has(event)}
                className="mt-0.5 size-4"
              />
              <span>
                <code className="font-mono text-xs">{event}</code>
                <span className="block text-slate-700">{WEBHOOK_EVENT_LABELS[event]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonClasses.primary}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** A signing secret, shown once after it was made. */
export function SecretOnce({ secret }: { secret: string }) {
  return (
    <section
      aria-labelledby="secret-once"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="secret-once" className="font-semibold text-amber-950">
        Signing secret: copy it now
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        This is the only time it is shown. Give it to the receiving system: it checks each event's{" "}
        <code>webhook-signature</code> with it (Standard Webhooks). If it is lost, rotate it.
      </p>
      <p
        className="mt-2 break-all rounded bg-white p-2 font-mono text-sm"
        data-testid="signing-secret"
      >
        {secret}
      </p>
    </section>
  );
}
