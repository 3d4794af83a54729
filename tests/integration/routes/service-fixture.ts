import { draftOf } from "~/components/admin/service-form";
import type { Service } from "~/modules/services/service.schema";

/** A service as the services loader gives it (the fields its editor posts). */
export interface ServiceData {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  color: string;
  subServices: { name: string; description: string }[];
  features: string[];
  benefits: string[];
  process: string[];
}

/** The form a service's editor posts, from a service as the loader gives it. */
export const serviceForm = (
  service: ServiceData,
  color = draftOf(service as Service).colorChoice,
) => ({
  id: service.id,
  title: service.title,
  subtitle: service.subtitle,
  description: service.description,
  color,
  subServiceName: service.subServices.map((s) => s.name),
  subServiceDescription: service.subServices.map((s) => s.description),
  features: service.features,
  benefits: service.benefits,
  process: service.process,
});
