import { data, Form, Link } from "react-router";
import {
  buttonClasses,
  CheckboxField,
  FormError,
  fieldsFor,
  TextAreaField,
} from "~/components/admin/forms";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDate,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { RequestStatusBadge } from "~/components/admin/privacy/request-status-badge";
import { staffActor } from "~/modules/commands/command.server";
import { personIdOf } from "~/modules/people/person.server";
import { getPrivacyRequest } from "~/modules/privacy-requests/privacy-requests.server";
import { requestStepSchema } from "~/modules/privacy-requests/request.schema";
import {
  closeRequest,
  eraseForRequest,
  type StepResult,
  startRequestWork,
} from "~/modules/privacy-requests/request-commands.server";
import { isOpen, REQUEST_KIND_LABELS } from "~/modules/privacy-requests/request-fields";
import { requireAdmin, requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/privacy-requests.$id";

/*
 * One privacy request (issue 27, decision 0062): what was asked, when it is due, and staff's
 * steps, each a command with its entry in Activity: start work, complete (what was done is
 * mailed to the person), refuse (the reason is mailed), and for an erasure, erase everything
 * from the address through the one erase path (admins only, decision 0045).
 */

export const meta: Route.MetaFunction = () => adminMeta("Privacy request");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const found = await getPrivacyRequest(db, params.id);
  if (!found) throw data(null, { status: 404 });
  return {
    request: found,
    personId: (await personIdOf(db, found.email)) ?? null,
    canErase: user.role === "admin",
  };
}

const DONE: Record<string, string> = {
  start: "Marked as in progress.",
  complete: "Completed: the person has been sent what was done.",
  refuse: "Refused: the person has been sent the reason.",
  erase: "Erased everything from the address and completed the request; the person has been told.",
};

const NOT_DONE: Record<Exclude<StepResult, "done">, string> = {
  missing: "This request no longer exists.",
  closed: "This request is already closed: nothing was changed.",
  not_erasure: "Only an erasure request can erase data.",
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const form = await requireForm(request);
  const parsed = parseForm(requestStepSchema, form);
  if (!parsed.success) {
    return data(
      {
        ok: false,
        intent: String(form.get("intent") ?? ""),
        message: "Please correct the field marked below.",
        values: parsed.values,
        errors: parsed.errors,
      },
      { status: 400 },
    );
  }
  const { db, config } = runtimeFrom(context);
  const step = { baseUrl: config.baseUrl };
  const { intent, outcome } = parsed.data;
  let result: StepResult;
  if (intent === "erase") {
    // Erasure is an admin's decision (decision 0045).
    const admin = await requireAdmin({ request, context });
    result = await eraseForRequest(db, staffActor(admin), params.id, step);
  } else if (intent === "start") {
    result = await startRequestWork(db, staffActor(user), params.id, step);
  } else {
    const status = intent === "complete" ? "completed" : "refused";
    result = await closeRequest(db, staffActor(user), { id: params.id, status, outcome }, step);
  }
  if (result !== "done") {
    return data(
      { ok: false, intent, message: NOT_DONE[result], values: undefined, errors: undefined },
      { status: result === "missing" ? 404 : 409 },
    );
  }
  return { ok: true, intent, message: DONE[intent], values: undefined, errors: undefined };
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900 sm:col-span-2 sm:mt-0">
        {children}
      </dd>
    </div>
  );
}

export default function PrivacyRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { request, personId, canErase } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const stateOf = (intent: string) =>
    failed?.intent === intent ? { values: failed.values, errors: failed.errors } : {};
  const open = isOpen(request.status);
  return (
    <>
      <PageHeader
        title={`Privacy request: ${request.email}`}
        description={REQUEST_KIND_LABELS[request.kind]}
      />
      <p className="mb-4 text-sm">
        <Link className="text-blue-700 underline" to="/admin/privacy-requests">
          All privacy requests
        </Link>
      </p>
      {actionData?.message ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mb-6 rounded-md px-4 py-3 text-sm ${actionData.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <Panel title="The request">
          <dl className="divide-y divide-slate-200">
            <Fact label="Status">
              <RequestStatusBadge request={request} />
            </Fact>
            <Fact label="Email">
              {request.email}
              {personId ? (
                <>
                  {" "}
                  (
                  <Link className="text-blue-700 underline" to={`/admin/people/${personId}`}>
                    their records
                  </Link>
                  )
                </>
              ) : (
                " (the site holds no records from this address)"
              )}
            </Fact>
            <Fact label="Asked for">{REQUEST_KIND_LABELS[request.kind]}</Fact>
            {request.details ? <Fact label="Details">{request.details}</Fact> : null}
            {request.kind === "nominate" ? (
              <Fact label="Nominee">
                {request.nomineeName} ({request.nomineeEmail})
              </Fact>
            ) : null}
            <Fact label="Made">{formatDateTime(request.createdAt)}</Fact>
            <Fact label="Confirmed with the code">{formatDateTime(request.verifiedAt)}</Fact>
            <Fact label="Due">
              {formatDate(request.dueAt)}
              {request.overdue ? " (overdue)" : ""}
            </Fact>
            {request.closedAt ? (
              <Fact label="Closed">{formatDateTime(request.closedAt)}</Fact>
            ) : null}
            {request.outcome ? <Fact label="Answer sent">{request.outcome}</Fact> : null}
          </dl>
        </Panel>
        {open ? (
          <div className="space-y-6">
            {request.status === "received" ? (
              <Panel title="Start">
                <Form method="post">
                  <input type="hidden" name="intent" value="start" />
                  <button type="submit" className={buttonClasses.secondary}>
                    Mark as in progress
                  </button>
                </Form>
              </Panel>
            ) : null}
            {request.kind === "erase" ? (
              <Panel title="Erase">
                {canErase ? (
                  <Form method="post" noValidate className="space-y-4">
                    <input type="hidden" name="intent" value="erase" />
                    <p className="text-sm text-slate-700">
                      Erases every enquiry, booking, job application (with its CV), the newsletter
                      subscription and the e-mails of this address, completes the request and tells
                      the person what was removed. It cannot be undone.
                    </p>
                    <CheckboxField
                      label="I have checked that no law requires us to keep this data"
                      name="confirm"
                      error={stateOf("erase").errors?.confirm}
                    />
                    <button type="submit" className={buttonClasses.danger}>
                      Erase everything from this address
                    </button>
                  </Form>
                ) : (
                  <p className="text-sm text-slate-700">Only an admin can erase a person's data.</p>
                )}
              </Panel>
            ) : null}
            {(["complete", "refuse"] as const).map((intent) => {
              const field = fieldsFor(requestStepSchema, stateOf(intent));
              return (
                <Panel key={intent} title={intent === "complete" ? "Complete" : "Refuse"}>
                  <Form method="post" noValidate className="space-y-4">
                    {failed?.intent === intent && failed.errors ? (
                      <FormError message={failed.message} />
                    ) : null}
                    <input type="hidden" name="intent" value={intent} />
                    <TextAreaField
                      label={
                        intent === "complete"
                          ? "What was done (sent to the person)"
                          : "Why not (sent to the person)"
                      }
                      rows={3}
                      {...field("outcome")}
                      required
                    />
                    <button
                      type="submit"
                      className={
                        intent === "complete" ? buttonClasses.primary : buttonClasses.dangerOutline
                      }
                    >
                      {intent === "complete" ? "Mark as completed" : "Refuse the request"}
                    </button>
                  </Form>
                </Panel>
              );
            })}
          </div>
        ) : null}
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
