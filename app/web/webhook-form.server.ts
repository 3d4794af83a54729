import { endpointFormSchema } from "~/modules/webhooks/webhook.schema";
import { parseForm } from "~/web/parse-form";

/** The endpoint form as posted: the events are one checkbox each under the name `events`. */
export const parseEndpointForm = (form: FormData) =>
  parseForm(endpointFormSchema, form, {
    input: (values) => ({ ...values, events: form.getAll("events").map(String) }),
  });
