import { data, Form, Link, redirect } from "react-router";
import { clockWords } from "~/components/admin/breaches/breach-clock";
import { BreachFields } from "~/components/admin/breaches/breach-fields";
import { buttonClasses, FormError, fieldsFor } from "~/components/admin/forms";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { breachInputSchema } from "~/modules/breaches/breach.schema";
import { recordBreach } from "~/modules/breaches/breach-commands.server";
import { listBreaches, openBreachClocks } from "~/modules/breaches/breaches.server";
import { staffActor } from "~/modules/commands/command.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/breaches";

/*
 * The breach register (issue 27, decision 0063): any staff member records a breach as soon as it
 * is found (the 72 hours to the Board's report run from then); each opens on its own page.
 */

export const meta: Route.MetaFunction = () => adminMeta("Breach register");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const [breaches, clocks] = await Promise.all([listBreaches(db), openBreachClocks(db)]);
  return { breaches, clocks };
}

interface RecordResult {
  message: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const parsed = parseForm(breachInputSchema, await requireForm(request));
  if (!parsed.success) {
    return data<RecordResult>(
      {
        message: "Error recording the breach: please correct the fields marked below.",
        values: parsed.values as Record<string, string>,
        errors: parsed.errors as Record<string, string>,
      },
      { status: 400 },
    );
  }
  const id = await recordBreach(runtimeFrom(context).db, staffActor(user), parsed.data);
  return redirect(`/admin/breaches/${id}`);
}

export default function BreachRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { breaches, clocks } = loaderData;
  const result = actionData as RecordResult | undefined;
  const field = fieldsFor(breachInputSchema, { values: result?.values, errors: result?.errors });
  const clockOf = (id: string) => clocks.find((clock) => clock.id === id);
  return (
    <>
      <PageHeader
        title="Breach register"
        description="Every personal data breach, from the moment it is found: what happened, whose data, the notice to the people affected and the report to the Data Protection Board, due within 72 hours."
      />
      <Panel title="Breaches" className="mb-6">
        {breaches.length === 0 ? (
          <p className="text-sm text-slate-700">No breach has been recorded.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Breaches, the latest found first</caption>
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="py-2 pr-3">
                    Breach
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Found
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    People told
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Board
                  </th>
                </tr>
              </thead>
              <tbody>
                {breaches.map((breach) => {
                  const clock = clockOf(breach.id);
                  return (
                    <tr key={breach.id} className="border-b border-slate-200">
                      <td className="py-2 pr-3">
                        <Link
                          className="text-blue-700 underline"
                          to={`/admin/breaches/${breach.id}`}
                        >
                          {breach.title}
                        </Link>
                      </td>
                      <td className="py-2 pr-3">{formatDateTime(breach.discoveredAt)}</td>
                      <td className="py-2 pr-3">
                        {breach.notified} of {breach.affected}
                      </td>
                      <td className="py-2 pr-3">
                        {breach.boardReportedAt
                          ? `Reported ${formatDateTime(breach.boardReportedAt)}`
                          : clock
                            ? clockWords(clock)
                            : ""}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      <Panel title="Record a breach">
        <Form method="post" noValidate className="space-y-4" key={JSON.stringify(result?.values)}>
          {result?.errors ? (
            <FormError message="Some fields need attention: see the messages below." />
          ) : null}
          <BreachFields field={field} />
          <button type="submit" className={buttonClasses.primary}>
            Record the breach
          </button>
        </Form>
      </Panel>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
