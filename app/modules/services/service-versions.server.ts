import { type DraftableKind, draftScheduleHandler } from "~/modules/versions/drafts.server";
import type { ContentFields } from "~/modules/versions/versions.server";
import { type Service, serviceSchema } from "./service.schema";
import { saveService } from "./service-commands.server";
import { getService } from "./services.server";

/*
 * Services on the drafts and versions of modules/versions (issue 29, decision 0060). Every
 * service area is always on the site, so every save of the editor's "Save draft" is a draft;
 * "Save and publish" and "Publish draft" write it through `saveService` and keep a version.
 */

export const SERVICE_KIND = "service" as const;

/** The fields a version keeps, labelled as the editor labels them, in its order. */
export const SERVICE_FIELD_LABELS: Record<string, string> = {
  title: "Title",
  subtitle: "Subtitle",
  description: "Description",
  subServices: "Sub-services",
  features: "Key features",
  benefits: "Benefits",
  process: "Process",
  color: "Colour",
  bgColor: "Background colour",
  imageId: "Image",
};

const lines = (items: readonly string[]) => items.join("\n");
const listOf = (text: string | undefined) => (text ? text.split("\n") : []);

/**
 * The sub-services as readable lines: the name, then each line of the description indented by
 * two spaces (a blank one too), so a blank line only ever separates two sub-services.
 */
function subServicesText(subServices: Service["subServices"]): string {
  return subServices
    .map(({ name, description }) =>
      [name, ...description.split("\n").map((line) => `  ${line}`)].join("\n"),
    )
    .join("\n\n");
}

function subServicesOf(text: string | undefined): Service["subServices"] {
  if (!text) return [];
  return text.split("\n\n").map((block) => {
    const [name = "", ...rest] = block.split("\n");
    return { name, description: rest.map((line) => line.replace(/^ {2}/, "")).join("\n") };
  });
}

export function serviceFields(service: Service): ContentFields {
  return {
    title: service.title,
    subtitle: service.subtitle,
    description: service.description,
    subServices: subServicesText(service.subServices),
    features: lines(service.features),
    benefits: lines(service.benefits),
    process: lines(service.process),
    color: service.color,
    bgColor: service.bgColor,
    imageId: service.imageId ?? "",
  };
}

export const serviceVersions: DraftableKind<Service> = {
  kind: SERVICE_KIND,
  entityType: "service",
  describe: (service) => `the service "${service.title}"`,
  load: getService,
  isLive: () => true,
  fieldsOf: serviceFields,
  itemOf(fields, live) {
    const parsed = serviceSchema.safeParse({
      id: live.id,
      title: fields.title,
      subtitle: fields.subtitle,
      description: fields.description,
      subServices: subServicesOf(fields.subServices),
      features: listOf(fields.features),
      benefits: listOf(fields.benefits),
      process: listOf(fields.process),
      color: fields.color ?? live.color,
      bgColor: fields.bgColor ?? live.bgColor,
      imageId: fields.imageId || null,
    });
    return parsed.success ? parsed.data : undefined;
  },
  apply: (trx, actor, _id, service) => saveService(trx, actor, service),
};

/** Publishing a service's draft at a set time (a service is always on the site: no unpublish). */
export const serviceScheduleHandler = draftScheduleHandler(
  serviceVersions,
  (service) => service.title,
);
