import { data, Form, Link } from "react-router";
import { clockWords } from "~/components/admin/breaches/breach-clock";
import { BreachFields } from "~/components/admin/breaches/breach-fields";
import { buttonClasses, FormError, fieldsFor, TextAreaField } from "~/components/admin/forms";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { countOf } from "~/lib/format";
import { affectedInputSchema, breachInputSchema } from "~/modules/breaches/breach.schema";
import {
  addAffectedPeople,
  approveBreachNotice,
  recordBoardReport,
  updateBreach,
} from "~/modules/breaches/breach-commands.server";
import { boardReport, boardReportDue, breachNotice } from "~/modules/breaches/breach-texts";
import { firmContactOf, getBreach, openBreachClocks } from "~/modules/breaches/breaches.server";
import { staffActor } from "~/modules/commands/command.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { utcToIstLocal } from "~/modules/versions/ist";
import { requireAdmin, requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/breaches.$id";

/*
 * One breach (issue 27, decision 0063): its 72-hour clock, the people affected, the notice the
 * product prepared for them (sent through the outbox only when an admin approves it; Rules 2025
 * r.7(1)), the report text for the Data Protection Board (r.7(2)(b)) and the record itself.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.breach ? `Breach: ${loaderData.breach.title}` : "Breach");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const found = await getBreach(db, params.id);
  if (!found) throw data("No such breach", { status: 404 });
  const { breach, affected } = found;
  const firm = firmContactOf(await getGeneralSettings(db));
  const notified = affected.filter((person) => person.notifiedAt).length;
  const clock = (await openBreachClocks(db)).find((c) => c.id === breach.id);
  return {
    breach,
    affected,
    waiting: affected.length - notified,
    clock: clock ?? null,
    notice: breachNotice(breach, firm),
    report: boardReport(
      breach,
      { affected: affected.length, notified, approvedAt: breach.noticeApprovedAt },
      firm,
    ),
    isAdmin: user.role === "admin",
  };
}

interface BreachActionResult {
  message: string;
  form?: "record" | "people";
  values?: Record<string, string>;
  errors?: Record<string, string>;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { db, config } = runtimeFrom(context);
  const form = await requireForm(request);
  const intent = form.get("intent");
  const actor = staffActor(user);
  const missing = () =>
    data<BreachActionResult>({ message: "Error: that breach no longer exists." }, { status: 404 });

  if (intent === "save") {
    const parsed = parseForm(breachInputSchema, form);
    if (!parsed.success) {
      return data<BreachActionResult>(
        {
          message: "Error saving the breach: please correct the fields marked below.",
          form: "record",
          values: parsed.values as Record<string, string>,
          errors: parsed.errors as Record<string, string>,
        },
        { status: 400 },
      );
    }
    if (!(await updateBreach(db, actor, params.id, parsed.data))) return missing();
    return { message: "Breach saved." } satisfies BreachActionResult;
  }
  if (intent === "add-people") {
    const parsed = parseForm(affectedInputSchema, form);
    if (!parsed.success) {
      return data<BreachActionResult>(
        {
          message: "Error adding people: please correct the list.",
          form: "people",
          values: parsed.values as Record<string, string>,
          errors: parsed.errors as Record<string, string>,
        },
        { status: 400 },
      );
    }
    const added = await addAffectedPeople(db, actor, params.id, parsed.data.people);
    if (added === undefined) return missing();
    return {
      message:
        added === 0
          ? "Everyone on the list was already there."
          : `Added ${countOf(added, "person", "people")}.`,
    } satisfies BreachActionResult;
  }
  if (intent === "approve") {
    const admin = await requireAdmin({ request, context });
    const outcome = await approveBreachNotice(db, staffActor(admin), params.id, {
      baseUrl: config.baseUrl,
    });
    if (outcome.kind === "missing") return missing();
    if (outcome.kind === "nobody") {
      return data<BreachActionResult>(
        { message: "Error: there is nobody left to tell. Add the people affected first." },
        { status: 400 },
      );
    }
    wakeOutbox();
    return {
      message: `Notice approved: sent to ${countOf(outcome.count, "person", "people")}.`,
    } satisfies BreachActionResult;
  }
  if (intent === "reported") {
    const admin = await requireAdmin({ request, context });
    if (!(await recordBoardReport(db, staffActor(admin), params.id))) return missing();
    return { message: "Recorded: the report reached the Data Protection Board." };
  }
  return data<BreachActionResult>({ message: "Error: unknown request." }, { status: 400 });
}

export default function BreachPage({ loaderData, actionData }: Route.ComponentProps) {
  const { breach, affected, waiting, clock, notice, report, isAdmin } = loaderData;
  const result = actionData as BreachActionResult | undefined;
  const stored = {
    ...breach,
    discoveredAt: utcToIstLocal(breach.discoveredAt),
    occurredAt: breach.occurredAt ? utcToIstLocal(breach.occurredAt) : "",
  };
  const recordState =
    result?.form === "record"
      ? { values: result.values, errors: result.errors }
      : { values: stored };
  const field = fieldsFor(breachInputSchema, recordState);
  const people = fieldsFor(
    affectedInputSchema,
    result?.form === "people" ? { values: result.values, errors: result.errors } : {},
  );
  return (
    <>
      <PageHeader
        title={breach.title}
        description={
          <>
            Found {formatDateTime(breach.discoveredAt)}, recorded by {breach.createdByName}.{" "}
            <Link className="text-blue-700 underline" to="/admin/breaches">
              All breaches
            </Link>
          </>
        }
      />
      <ActionMessage message={result?.message} trigger={result} />
      <p
        className={`mb-6 rounded-md px-4 py-3 text-sm ${breach.boardReportedAt ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
      >
        {breach.boardReportedAt
          ? `The report reached the Data Protection Board on ${formatDateTime(breach.boardReportedAt)} (due ${formatDateTime(boardReportDue(breach.discoveredAt).toISOString())}).`
          : clock
            ? `${clockWords(clock)}.`
            : null}
      </p>

      <Panel title={`People affected (${affected.length})`} className="mb-6">
        {affected.length === 0 ? (
          <p className="mb-3 text-sm text-slate-700">No one listed yet.</p>
        ) : (
          <ul className="mb-4 space-y-1 text-sm">
            {affected.map((person) => (
              <li key={person.email}>
                {person.name ? `${person.name} <${person.email}>` : person.email}:{" "}
                {person.notifiedAt ? `told ${formatDateTime(person.notifiedAt)}` : "not told yet"}
              </li>
            ))}
          </ul>
        )}
        <Form method="post" noValidate className="space-y-3" key={`people-${affected.length}`}>
          <input type="hidden" name="intent" value="add-people" />
          <TextAreaField
            label="Add people"
            {...people("people")}
            required
            rows={4}
            hint="One a line: an e-mail address, or Name <address>."
          />
          <button type="submit" className={buttonClasses.secondary}>
            Add to the list
          </button>
        </Form>
      </Panel>

      <Panel title="Notice to the people affected" className="mb-6">
        <p className="mb-3 text-sm text-slate-700">
          Prepared from the record below; change the record to change it.{" "}
          {breach.noticeApprovedAt
            ? `Approved by ${breach.noticeApprovedByName} on ${formatDateTime(breach.noticeApprovedAt)}.`
            : "Nothing is sent until an admin approves it."}
        </p>
        <p className="mb-2 text-sm font-semibold">{notice.subject}</p>
        <div className="mb-4 whitespace-pre-line rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          {notice.text}
        </div>
        {isAdmin ? (
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <button type="submit" className={buttonClasses.primary} disabled={waiting === 0}>
              {waiting === 0
                ? "Everyone listed has been told"
                : `Approve and send to ${countOf(waiting, "person", "people")}`}
            </button>
          </Form>
        ) : (
          <p className="text-sm text-slate-700">An admin approves and sends the notice.</p>
        )}
      </Panel>

      <Panel title="Report to the Data Protection Board" className="mb-6">
        <p className="mb-3 text-sm text-slate-700">
          The detailed report, due within 72 hours of finding the breach. Copy it into the Board's
          form, then record that it was sent.
        </p>
        <TextAreaField
          label="Report text"
          name="report"
          readOnly
          rows={14}
          defaultValue={report}
          key={report}
        />
        {isAdmin && !breach.boardReportedAt ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reported" />
            <button type="submit" className={buttonClasses.primary}>
              Record that the report was sent
            </button>
          </Form>
        ) : null}
      </Panel>

      <Panel title="The record">
        <Form
          method="post"
          noValidate
          className="space-y-4"
          key={JSON.stringify(recordState.values)}
        >
          <input type="hidden" name="intent" value="save" />
          {result?.form === "record" ? (
            <FormError message="Some fields need attention: see the messages below." />
          ) : null}
          <BreachFields field={field} />
          <button type="submit" className={buttonClasses.primary}>
            Save the breach
          </button>
        </Form>
      </Panel>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
