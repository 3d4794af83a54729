import { Form, Link } from "react-router";
import {
  buttonClasses,
  FormError,
  fieldsFor,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/admin/forms";
import { ListEditor } from "~/components/admin/list-editor";
import { MediaPicker } from "~/components/admin/media-picker";
import { SERVICE_COLOR_LABELS, type ServiceDraft } from "~/components/admin/service-form";
import { DraftBadge, SaveButtons } from "~/components/admin/versions/draft-panel";
import { constraintsOf } from "~/lib/form-constraints";
import { countOf } from "~/lib/format";
import type { MediaChoice } from "~/modules/media/media-choice";
import {
  SERVICE_COLORS,
  type Service,
  serviceSchema,
  subServiceSchema,
} from "~/modules/services/service.schema";

/* The Services page's views: a service's card and its editor (the route loads and acts). */

export function ServiceCard({ service, hasDraft }: { service: Service; hasDraft?: boolean }) {
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
            {hasDraft ? <DraftBadge /> : null}
          </div>
          <Link
            to={`/admin/services?edit=${encodeURIComponent(service.id)}`}
            preventScrollReset
            className={buttonClasses.secondary}
          >
            Edit<span className="sr-only"> {service.title}</span>
          </Link>
          <Link
            to={`/admin/seo/service/${encodeURIComponent(service.id)}`}
            className={buttonClasses.secondary}
          >
            Search and social<span className="sr-only"> of {service.title}</span>
          </Link>
        </div>
        <p className="mt-3 line-clamp-3 text-sm text-slate-800">{service.description}</p>
        <p className="mt-3 text-xs text-slate-600">
          {countOf(service.subServices.length, "sub-service", "sub-services")} ·{" "}
          {countOf(service.features.length, "feature", "features")} ·{" "}
          {countOf(service.benefits.length, "benefit", "benefits")} ·{" "}
          {countOf(service.process.length, "process step", "process steps")} ·{" "}
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

export function ServiceEditor({
  draft,
  errors,
  mediaChoices,
}: {
  draft: ServiceDraft;
  errors: Record<string, string>;
  /** The media library's images for the service's picture (issue 14). */
  mediaChoices: readonly MediaChoice[];
}) {
  const field = fieldsFor(serviceSchema, { values: draft, errors });
  const subService = constraintsOf(subServiceSchema);
  // Issue 29: "Save draft" leaves the live page as it is; "Save and publish" changes it.
  const toolbar = <SaveButtons cancelHref="/admin/services" />;
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
        <TextField label="Title" {...field("title")} />
        <TextField label="Subtitle" {...field("subtitle")} />
        <TextAreaField
          label="Description"
          {...field("description")}
          rows={5}
          className="md:col-span-2"
        />
        <SelectField
          label="Colour"
          {...field("color")}
          options={SERVICE_COLORS.map((value) => ({ value, label: SERVICE_COLOR_LABELS[value] }))}
        />
        <div className="md:col-span-2">
          <MediaPicker
            name="imageId"
            label="Image"
            choices={mediaChoices}
            defaultValue={draft.imageId}
            error={errors.imageId}
            hint="Shown beside the service on the Services page and on its card on the home page."
          />
        </div>
      </div>
      <ListEditor
        list="subServices"
        legend="Sub-services"
        noun="sub-service"
        maxRows={20}
        columns={[
          {
            key: "name",
            name: "subServiceName",
            label: "Name",
            maxLength: subService.name?.maxLength,
          },
          {
            key: "description",
            name: "subServiceDescription",
            label: "Description",
            maxLength: subService.description?.maxLength,
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
