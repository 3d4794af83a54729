import {
  SERVICE_COLORS,
  SERVICE_GRADIENTS,
  type Service,
  type ServiceColor,
  serviceSchema,
} from "~/modules/services/service.schema";
import { applyListOp, type ListOp } from "./list-editor";

/*
 * The services editor's form: what it posts, read back into a draft (everything the user typed,
 * blank rows included), and the draft checked into a Service with the service schema.
 */

export interface ServiceDraft {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  colorChoice: string;
  subServices: { name: string; description: string }[];
  features: string[];
  benefits: string[];
  process: string[];
  /** The chosen media image ("" none); undefined when the form had no picker. */
  imageId?: string;
}

export const SERVICE_COLOR_LABELS: Record<ServiceColor, string> = {
  blue: "Blue",
  purple: "Purple",
  green: "Green",
  orange: "Orange",
  red: "Red",
  teal: "Teal",
};

/** The colour choice whose gradients a service uses (blue when they match none). */
export function colorChoiceOf(service: Pick<Service, "color" | "bgColor">): ServiceColor {
  return (
    SERVICE_COLORS.find((choice) => SERVICE_GRADIENTS[choice].color === service.color) ?? "blue"
  );
}

export function draftOf(service: Service): ServiceDraft {
  return {
    id: service.id,
    title: service.title,
    subtitle: service.subtitle,
    description: service.description,
    colorChoice: colorChoiceOf(service),
    subServices: service.subServices.map((s) => ({ ...s })),
    features: [...service.features],
    benefits: [...service.benefits],
    process: [...service.process],
    imageId: service.imageId === undefined ? undefined : (service.imageId ?? ""),
  };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const all = (form: FormData, name: string) => form.getAll(name).map((value) => String(value));

export function readServiceDraft(form: FormData): ServiceDraft {
  const names = all(form, "subServiceName");
  const descriptions = all(form, "subServiceDescription");
  return {
    id: text(form, "id"),
    title: text(form, "title"),
    subtitle: text(form, "subtitle"),
    description: text(form, "description"),
    colorChoice: text(form, "color"),
    subServices: names.map((name, index) => ({ name, description: descriptions[index] ?? "" })),
    features: all(form, "features"),
    benefits: all(form, "benefits"),
    process: all(form, "process"),
    imageId: form.has("imageId") ? text(form, "imageId") : undefined,
  };
}

/** The draft with one list changed (the no-JavaScript path of the list buttons). */
export function applyServiceListOp(draft: ServiceDraft, op: ListOp): ServiceDraft {
  switch (op.list) {
    case "subServices":
      return {
        ...draft,
        subServices: applyListOp(draft.subServices, op, () => ({ name: "", description: "" })),
      };
    case "features":
    case "benefits":
    case "process":
      return { ...draft, [op.list]: applyListOp(draft[op.list], op, () => "") };
    default:
      return draft;
  }
}

const isBlank = (value: string) => value.trim() === "";

/**
 * Checks a draft. Blank rows are dropped first (an empty row is not a mistake); the errors are
 * keyed like the schema's paths ("features.2", "subServices.0.name") against the returned draft.
 */
export function validateServiceDraft(
  draft: ServiceDraft,
):
  | { ok: true; service: Service }
  | { ok: false; draft: ServiceDraft; errors: Record<string, string> } {
  const cleaned: ServiceDraft = {
    ...draft,
    subServices: draft.subServices.filter((s) => !(isBlank(s.name) && isBlank(s.description))),
    features: draft.features.filter((v) => !isBlank(v)),
    benefits: draft.benefits.filter((v) => !isBlank(v)),
    process: draft.process.filter((v) => !isBlank(v)),
  };
  const errors: Record<string, string> = {};
  const choice = SERVICE_COLORS.find((c) => c === cleaned.colorChoice);
  if (!choice) errors.color = "Choose one of the six colours";
  const gradients = SERVICE_GRADIENTS[choice ?? "blue"];
  const parsed = serviceSchema.safeParse({
    id: cleaned.id,
    title: cleaned.title,
    subtitle: cleaned.subtitle,
    description: cleaned.description,
    subServices: cleaned.subServices,
    features: cleaned.features,
    benefits: cleaned.benefits,
    process: cleaned.process,
    color: gradients.color,
    bgColor: gradients.bgColor,
    ...(cleaned.imageId === undefined ? {} : { imageId: cleaned.imageId || null }),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join(".");
      errors[key] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return { ok: false, draft: cleaned, errors };
  }
  return { ok: true, service: parsed.data };
}
