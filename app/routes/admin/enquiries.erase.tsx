import { data, Form, Link } from "react-router";
import { buttonClasses, TextField } from "~/components/admin/forms";
import { AdminErrorBoundary, adminMeta, PageHeader, Panel } from "~/components/admin/page";
import {
  ConfirmationPanel,
  type ConfirmationRequest,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { describeErasure, erasePerson } from "~/modules/leads/erasure.server";
import { newsletterEmailSchema } from "~/modules/newsletter/newsletter.schema";
import { requireAdmin } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/enquiries.erase";

export const meta: Route.MetaFunction = () => adminMeta("Erase a person");

const ERASE_CONFIRMATION = {
  title: "Erase this person's data",
  description:
    "Are you sure you want to erase every enquiry, job application, CV, note, consultation booking, newsletter subscription and e-mail for this address? This cannot be undone.",
  confirmLabel: "Erase",
};

/*
 * Erasure removes a person's records for good, across enquiries, applications, bookings and the
 * newsletter: a decision for an admin (issue 24). Editors get the admin's "no permission" page,
 * as on Users and Settings, and the inbox shows them no link here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return null;
}

/**
 * A privacy request (India's Digital Personal Data Protection Act): remove everything held about
 * an e-mail address. The audit log records that it happened, not the address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const form = await requireForm(request);
  const typed = String(form.get("email") ?? "");
  const email = newsletterEmailSchema.safeParse(typed);
  if (!email.success) {
    return data(
      { emailError: email.error.issues[0]?.message ?? "Enter a valid email address", email: typed },
      { status: 400 },
    );
  }
  if (!isConfirmed(form)) {
    return { confirmation: confirmationRequest(form, ERASE_CONFIRMATION), email: typed };
  }
  const result = await erasePerson(runtimeFrom(context).db, email.data, {
    id: user.id,
    name: user.name || user.username,
  });
  return { message: `Erased ${email.data}: ${describeErasure(result)}.`, erased: true };
}

export default function ErasePerson({ actionData }: Route.ComponentProps) {
  const result = actionData as
    | {
        message?: string;
        erased?: boolean;
        emailError?: string;
        email?: string;
        confirmation?: ConfirmationRequest;
      }
    | undefined;
  return (
    <>
      <p className="mb-4">
        <Link to="/admin/enquiries" className="text-sm font-medium text-blue-800 underline">
          ← Back to enquiries
        </Link>
      </p>
      <PageHeader
        title="Erase a person"
        description="For a request to delete someone's personal data (India's Digital Personal Data Protection Act)."
      />
      <ActionMessage message={result?.message} trigger={result} />
      <ConfirmationPanel request={result?.confirmation} />
      <Panel className="max-w-2xl">
        <p className="text-sm text-slate-700">
          Deletes every enquiry and job application sent from the address (with their notes, status
          history and the CV files uploaded with the applications), its consultation bookings (their
          times become free again; no cancellation is sent), its newsletter subscription, and the
          e-mails to or about it. A posting's applications count goes down with it. The activity log
          records that an erasure happened and what it removed, but not the address.
        </p>
        <Form method="post" className="mt-4 space-y-4">
          <TextField
            key={result?.erased ? "done" : "form"}
            label="E-mail address"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            defaultValue={result?.erased ? "" : (result?.email ?? "")}
            error={result?.emailError}
          />
          <ConfirmSubmit {...ERASE_CONFIRMATION} className={buttonClasses.danger}>
            Erase this person
          </ConfirmSubmit>
        </Form>
      </Panel>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
