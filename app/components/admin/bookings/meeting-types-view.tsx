import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { PageHeader, Panel } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { lengthLabel, type MeetingType } from "~/modules/bookings/meeting-types";
import type { SetupActionResult } from "./consultant-setup-panels";
import {
  ConsultantChoices,
  MeetingTypeForm,
  MEETING_TYPES_PATH as PATH,
} from "./meeting-type-form";

/*
 * /admin/bookings/types (decision 0050): the meeting types visitors can book, a form to add one
 * or change the one chosen (`?type=<id>`), and the routing rules (a service interest → the
 * consultants who cover it). Admins change them; other staff read them.
 */

export type TypesActionResult = SetupActionResult;

export interface RoutingRow {
  service: string;
  label: string;
  consultantIds: string[];
}

export function MeetingTypesView({
  types,
  editing,
  consultants,
  routing,
  canEdit,
  result,
}: {
  types: MeetingType[];
  /** The type being changed; null: the form adds one. */
  editing: MeetingType | null;
  consultants: Array<{ id: string; displayName: string }>;
  routing: RoutingRow[];
  canEdit: boolean;
  result?: TypesActionResult;
}) {
  const nameOf = new Map(consultants.map((c) => [c.id, c.displayName]));
  return (
    <>
      <PageHeader
        title="Meeting types"
        description="What visitors can book on the site's booking page, and which consultants get which bookings. With one active type the booking page shows its times at once; with more, visitors choose first."
        actions={
          <Link to="/admin/bookings/availability" className={buttonClasses.secondary}>
            Consultants and hours
          </Link>
        }
      />
      <ActionMessage message={result?.message} trigger={result} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
        <div className="min-w-0 space-y-6 xl:col-span-3">
          <Panel title="Types">
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Meeting types</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 pr-3">
                      Title
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Length
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Fees
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Consultants
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {types.map((type) => (
                    <tr key={type.id} className="border-b border-slate-100">
                      <td className="py-2 pr-3">
                        <Link
                          to={`${PATH}?type=${encodeURIComponent(type.id)}`}
                          className="font-semibold text-blue-800 underline"
                        >
                          {type.title}
                        </Link>
                        <span className="block text-xs text-slate-600">/book?type={type.slug}</span>
                      </td>
                      <td className="py-2 pr-3">{lengthLabel(type.lengthMinutes)}</td>
                      <td className="py-2 pr-3">{type.feeNote || "Free"}</td>
                      <td className="py-2 pr-3">
                        {type.consultantIds.length === 0
                          ? "Everyone"
                          : type.consultantIds.map((id) => nameOf.get(id) ?? id).join(", ")}
                      </td>
                      <td className="py-2 pr-3">{type.active ? "Active" : "Inactive"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>

          <MeetingTypeForm
            editing={editing}
            typeCount={types.length}
            consultants={consultants}
            canEdit={canEdit}
            result={result}
          />
        </div>

        <div className="min-w-0 space-y-6 xl:col-span-2">
          <Panel title="Routing by service">
            <p className="mb-4 text-sm text-slate-700">
              When a service has consultants ticked, visitors are asked what they would like to
              discuss before they see times, and are offered only the times of those consultants
              (the one with the fewest bookings to come gets it). Without any rule, every consultant
              of the type is offered.
            </p>
            <div className="space-y-4">
              {routing.map((rule) => (
                <Form
                  key={`${rule.service}-${JSON.stringify(result ?? null)}`}
                  method="post"
                  className="space-y-3 rounded-md border border-slate-200 p-3"
                >
                  <input type="hidden" name="intent" value="routing" />
                  <input type="hidden" name="service" value={rule.service} />
                  <fieldset disabled={!canEdit} className="space-y-3">
                    <legend className="sr-only">Routing for {rule.label}</legend>
                    <ConsultantChoices
                      name="consultantIds"
                      legend={rule.label}
                      consultants={consultants}
                      chosen={rule.consultantIds}
                      error={
                        result?.form === `routing-${rule.service}`
                          ? result.errors?.consultantIds
                          : undefined
                      }
                      hint="Who covers it. None ticked: no rule."
                    />
                  </fieldset>
                  {canEdit ? (
                    <button type="submit" className={buttonClasses.small}>
                      Save for {rule.label}
                    </button>
                  ) : null}
                </Form>
              ))}
            </div>
          </Panel>
        </div>
      </div>
    </>
  );
}
