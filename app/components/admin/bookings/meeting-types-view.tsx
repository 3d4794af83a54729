import { Form, Link } from "react-router";
import {
  buttonClasses,
  CheckboxField,
  checkboxFor,
  fieldsFor,
  TextField,
} from "~/components/admin/forms";
import { PageHeader, Panel } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { lengthLabel, type MeetingType, meetingTypeSchema } from "~/modules/bookings/meeting-types";
import { type SetupActionResult, stateFor } from "./consultant-setup-panels";

/*
 * /admin/bookings/types (decision 0050): the meeting types visitors can book, a form to add one
 * or change the one chosen (`?type=<id>`), and the routing rules (a service interest → the
 * consultants who cover it). Admins change them; other staff read them.
 */

const PATH = "/admin/bookings/types";

export type TypesActionResult = SetupActionResult;

export interface RoutingRow {
  service: string;
  label: string;
  consultantIds: string[];
}

/** Empty for a value that follows the booking settings (or no cap). */
const orEmpty = (value: number | null) => (value === null ? "" : String(value));

function ConsultantChoices({
  name,
  legend,
  consultants,
  chosen,
  error,
  hint,
}: {
  name: string;
  legend: string;
  consultants: Array<{ id: string; displayName: string }>;
  chosen: string[];
  error?: string;
  hint: string;
}) {
  const errorId = `${name}-${legend.replace(/\W+/g, "-")}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p className="text-xs text-slate-600">{hint}</p>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {consultants.map((consultant) => (
          <label key={consultant.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={consultant.id}
              defaultChecked={chosen.includes(consultant.id)}
              className="h-4 w-4"
            />
            {consultant.displayName}
          </label>
        ))}
      </div>
    </fieldset>
  );
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
  const stored = editing
    ? {
        ...editing,
        bufferAfterMinutes: orEmpty(editing.bufferAfterMinutes),
        minimumNoticeHours: orEmpty(editing.minimumNoticeHours),
        horizonDays: orEmpty(editing.horizonDays),
        dailyCap: orEmpty(editing.dailyCap),
      }
    : {
        title: "",
        slug: "",
        description: "",
        lengthMinutes: "30",
        bufferBeforeMinutes: "0",
        bufferAfterMinutes: "",
        minimumNoticeHours: "",
        horizonDays: "",
        dailyCap: "",
        feeNote: "",
        active: true,
        sortOrder: String(types.length),
      };
  const state = stateFor("type", stored, result);
  const field = fieldsFor(meetingTypeSchema, state);
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

          <Panel
            title={editing ? `Change ${editing.title}` : "Add a meeting type"}
            actions={
              editing ? (
                <Link to={PATH} className={buttonClasses.small}>
                  Add a new type instead
                </Link>
              ) : undefined
            }
          >
            <Form
              method="post"
              className="space-y-4"
              key={JSON.stringify([editing?.id, result ?? null])}
            >
              <input type="hidden" name="intent" value="type" />
              {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
              <fieldset disabled={!canEdit} className="space-y-4">
                <legend className="sr-only">Meeting type</legend>
                <TextField label="Title" {...field("title")} />
                <TextField
                  label="Address on the booking page"
                  {...field("slug")}
                  hint="Visitors book it at /book?type= followed by this, such as strategy-call."
                />
                <TextField label="Short description" {...field("description")} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField label="Length (minutes)" type="number" {...field("lengthMinutes")} />
                  <TextField label="Order" type="number" {...field("sortOrder")} />
                  <TextField
                    label="Buffer before (minutes)"
                    type="number"
                    {...field("bufferBeforeMinutes")}
                  />
                  <TextField
                    label="Buffer after (minutes)"
                    type="number"
                    {...field("bufferAfterMinutes")}
                    hint="Empty: as the booking settings."
                  />
                  <TextField
                    label="Minimum notice (hours)"
                    type="number"
                    {...field("minimumNoticeHours")}
                    hint="Empty: as the booking settings."
                  />
                  <TextField
                    label="Booking window (days ahead)"
                    type="number"
                    {...field("horizonDays")}
                    hint="Empty: as the booking settings."
                  />
                  <TextField
                    label="Daily cap per consultant"
                    type="number"
                    {...field("dailyCap")}
                    hint="Bookings of this type a consultant takes a day. Empty: only their own daily limit."
                  />
                </div>
                <TextField
                  label="Note on fees"
                  {...field("feeNote")}
                  hint="Empty: the booking page says it is free."
                />
                <ConsultantChoices
                  name="consultantIds"
                  legend="Consultants"
                  consultants={consultants}
                  chosen={editing?.consultantIds ?? []}
                  error={state.errors.consultantIds}
                  hint="None ticked: every consultant who takes bookings."
                />
                <CheckboxField
                  label="Active (visitors can book it)"
                  {...checkboxFor("active", state)}
                />
              </fieldset>
              {canEdit ? (
                <button type="submit" className={buttonClasses.primary}>
                  {editing ? "Save meeting type" : "Add meeting type"}
                </button>
              ) : null}
            </Form>
          </Panel>
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
