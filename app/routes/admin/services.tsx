import { data, Form, Link, useNavigation } from "react-router";
import {
  buttonClasses,
  FormError,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/admin/forms";
import { LIST_OP_FIELD, ListEditor, parseListOp } from "~/components/admin/list-editor";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import {
  applyServiceListOp,
  draftOf,
  readServiceDraft,
  SERVICE_COLOR_LABELS,
  type ServiceDraft,
  validateServiceDraft,
} from "~/components/admin/service-form";
import {
  ConfirmationPanel,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage, LONG_TOAST_MS } from "~/components/ui/toast";
import { requireStaff } from "~/modules/auth/guards.server";
import { staffActor } from "~/modules/commands/command.server";
import { requireForm } from "~/modules/forms/read-form.server";
import { SERVICE_COLORS, type Service } from "~/modules/services/service.schema";
import { resetServices, saveService } from "~/modules/services/service-commands.server";
import { listServices } from "~/modules/services/services.server";
import { getDb } from "~/runtime.server";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = () => adminMeta("Services");

/** The spec's texts (sections 5 and 8). */
const RESET_CONFIRMATION = {
  title: "Reset services to defaults",
  description:
    "Are you sure you want to reset all services to the latest comprehensive defaults? This will overwrite all existing service data.",
  confirmLabel: "Reset services",
};
const SAVED = "Service updated successfully!";
const RESET_DONE = "Services reset to comprehensive defaults successfully!";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const services = await listServices(getDb());
  return { services, editing: new URL(request.url).searchParams.get("edit") };
}

type ActionResult = {
  message?: string;
  durationMs?: number;
  editing?: string;
  draft?: ServiceDraft;
  errors?: Record<string, string>;
  confirmation?: ReturnType<typeof confirmationRequest>;
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const form = await requireForm(request);
  const actor = staffActor(user);

  if (form.get("intent") === "reset") {
    if (!isConfirmed(form)) {
      return { confirmation: confirmationRequest(form, RESET_CONFIRMATION) } satisfies ActionResult;
    }
    try {
      await resetServices(getDb(), actor);
      return { message: RESET_DONE, durationMs: LONG_TOAST_MS } satisfies ActionResult;
    } catch (error) {
      return data(
        {
          message: `Error resetting services: ${(error as Error).message}`,
          durationMs: LONG_TOAST_MS,
        },
        { status: 500 },
      );
    }
  }

  const draft = readServiceDraft(form);
  const listOp = parseListOp(form.get(LIST_OP_FIELD));
  if (listOp) {
    // A list button pressed without JavaScript: show the changed draft, save nothing yet.
    return { editing: draft.id, draft: applyServiceListOp(draft, listOp) } satisfies ActionResult;
  }
  const checked = validateServiceDraft(draft);
  if (!checked.ok) {
    return data(
      {
        message: "Error updating service: please correct the fields marked below.",
        editing: draft.id,
        draft: checked.draft,
        errors: checked.errors,
      } satisfies ActionResult,
      { status: 400 },
    );
  }
  if (!(await saveService(getDb(), actor, checked.service))) {
    return data(
      { message: "Error updating service: this service no longer exists." } satisfies ActionResult,
      { status: 404 },
    );
  }
  return { message: SAVED } satisfies ActionResult;
}

export default function ServicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const editingId = result?.editing ?? (result?.message ? null : loaderData.editing);
  return (
    <>
      <PageHeader
        title="Services"
        description="The six service areas on the public site. Edit one at a time; changes show on the site at once."
        actions={
          <Form method="post" action="/admin/services">
            <ConfirmSubmit
              name="intent"
              value="reset"
              className={buttonClasses.dangerOutline}
              {...RESET_CONFIRMATION}
            >
              Reset to defaults
            </ConfirmSubmit>
          </Form>
        }
      />
      <ActionMessage message={result?.message} trigger={result} durationMs={result?.durationMs} />
      <ConfirmationPanel request={result?.confirmation} cancelHref="/admin/services" />

      {loaderData.services.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-slate-700">
          No services are stored. Reset to defaults to restore the six service areas.
        </p>
      ) : null}
      <ul className="grid gap-6">
        {loaderData.services.map((service) => (
          <li key={service.id}>
            {service.id === editingId ? (
              <ServiceEditor
                // A new draft (from the server) starts the editor afresh.
                key={JSON.stringify(result?.draft ?? service.id)}
                draft={
                  result?.editing === service.id && result.draft ? result.draft : draftOf(service)
                }
                errors={result?.editing === service.id ? (result.errors ?? {}) : {}}
              />
            ) : (
              <ServiceCard service={service} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function ServiceCard({ service }: { service: Service }) {
  const lists = [
    { label: "Sub-services", items: service.subServices.map((s) => `${s.name}: ${s.description}`) },
    { label: "Features", items: service.features },
    { label: "Benefits", items: service.benefits },
    { label: "Process", items: service.process },
  ];
  return (
    <article
      aria-labelledby={`service-${service.id}`}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className={`h-2 bg-gradient-to-r ${service.color}`} />
      <div className="p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`service-${service.id}`} className="text-lg font-semibold text-slate-900">
              {service.title}
            </h2>
            <p className="text-sm text-slate-700">{service.subtitle}</p>
            <p className="mt-1 font-mono text-xs text-slate-600">#{service.id}</p>
          </div>
          <Link
            to={`/admin/services?edit=${encodeURIComponent(service.id)}`}
            preventScrollReset
            className={buttonClasses.secondary}
          >
            Edit<span className="sr-only"> {service.title}</span>
          </Link>
        </div>
        <p className="mt-3 line-clamp-3 text-sm text-slate-800">{service.description}</p>
        <p className="mt-3 text-xs text-slate-600">
          {service.subServices.length} sub-services · {service.features.length} features ·{" "}
          {service.benefits.length} benefits · {service.process.length} process steps ·{" "}
          {
            SERVICE_COLOR_LABELS[
              SERVICE_COLORS.find((c) => service.color.includes(`-${c}-`)) ?? "blue"
            ]
          }
        </p>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-blue-800">Show all details</summary>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {lists.map((list) => (
              <div key={list.label}>
                <h3 className="font-semibold text-slate-900">{list.label}</h3>
                <ol className="mt-1 list-decimal space-y-1 pl-5 text-slate-800">
                  {list.items.map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: read-only list
                    <li key={index}>{item}</li>
                  ))}
                </ol>
              </div>
            ))}
          </div>
        </details>
      </div>
    </article>
  );
}

function ServiceEditor({ draft, errors }: { draft: ServiceDraft; errors: Record<string, string> }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const toolbar = (
    <div className="flex flex-wrap gap-2">
      <button
        type="submit"
        name="intent"
        value="save"
        className={buttonClasses.primary}
        disabled={saving}
      >
        {saving ? "Saving..." : "Save"}
      </button>
      <Link to="/admin/services" preventScrollReset className={buttonClasses.secondary}>
        Cancel
      </Link>
    </div>
  );
  return (
    <Form
      method="post"
      action="/admin/services"
      preventScrollReset
      aria-labelledby={`edit-${draft.id}`}
      className="space-y-5 rounded-xl border-2 border-blue-300 bg-white p-5 shadow-sm"
      noValidate
    >
      <input type="hidden" name="id" value={draft.id} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`edit-${draft.id}`} className="text-lg font-semibold text-slate-900">
          Editing: {draft.title || draft.id}
        </h2>
        {toolbar}
      </div>
      {Object.keys(errors).length > 0 ? (
        <FormError message="Some fields need attention: see the messages below." />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Title"
          name="title"
          required
          maxLength={120}
          defaultValue={draft.title}
          error={errors.title}
        />
        <TextField
          label="Subtitle"
          name="subtitle"
          required
          maxLength={200}
          defaultValue={draft.subtitle}
          error={errors.subtitle}
        />
        <TextAreaField
          label="Description"
          name="description"
          required
          rows={5}
          maxLength={2000}
          defaultValue={draft.description}
          error={errors.description}
          className="md:col-span-2"
        />
        <SelectField
          label="Colour"
          name="color"
          defaultValue={draft.colorChoice}
          error={errors.color}
          options={SERVICE_COLORS.map((value) => ({ value, label: SERVICE_COLOR_LABELS[value] }))}
        />
      </div>
      <ListEditor
        list="subServices"
        legend="Sub-services"
        noun="sub-service"
        maxRows={20}
        columns={[
          { key: "name", name: "subServiceName", label: "Name", maxLength: 120 },
          {
            key: "description",
            name: "subServiceDescription",
            label: "Description",
            maxLength: 600,
            multiline: true,
          },
        ]}
        rows={draft.subServices}
        errorFor={(index, key) => errors[`subServices.${index}.${key}`]}
        listError={errors.subServices}
      />
      {(
        [
          { list: "features", legend: "Features", noun: "feature", max: 20 },
          { list: "benefits", legend: "Benefits", noun: "benefit", max: 20 },
          { list: "process", legend: "Process steps", noun: "process step", max: 12 },
        ] as const
      ).map(({ list, legend, noun, max }) => (
        <ListEditor
          key={list}
          list={list}
          legend={legend}
          noun={noun}
          maxRows={max}
          columns={[{ key: "value", name: list, label: capitalised(noun), maxLength: 300 }]}
          rows={draft[list].map((value) => ({ value }))}
          errorFor={(index) => errors[`${list}.${index}`]}
          listError={errors[list]}
        />
      ))}
      {toolbar}
    </Form>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export { AdminErrorBoundary as ErrorBoundary };
