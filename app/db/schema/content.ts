import type { ColumnType } from "kysely";
import type { IsoTime, JsonText } from "./columns";

/* Public content: services, pages, settings, careers, and the content version. */

export interface ServicesTable {
  id: string;
  position: number;
  title: string;
  subtitle: string;
  description: string;
  subServices: JsonText;
  features: JsonText;
  benefits: JsonText;
  process: JsonText;
  color: string;
  bgColor: string;
  /** Issue 14: the service area's image in the media library (null: its illustration). */
  imageId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface PagesTable {
  id: string;
  content: JsonText;
  updatedAt: IsoTime;
}

export interface SettingsTable {
  id: string;
  value: JsonText;
  updatedAt: IsoTime;
}

export interface CareersTable {
  id: string;
  title: string;
  department: string;
  location: string;
  type: string;
  experience: string;
  salary: string;
  description: string;
  requirements: JsonText;
  responsibilities: JsonText;
  benefits: JsonText;
  status: string;
  postedDate: string;
  /** Issue 22: the last day (IST, "yyyy-MM-dd") it takes applications; null: no closing date. */
  closingDate: ColumnType<string | null, string | null | undefined, string | null>;
  applications: ColumnType<number, number | undefined, number>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

/** One row ("public"): raised by every write that changes what public pages show. */
export interface ContentVersionTable {
  id: string;
  version: number;
  changedAt: IsoTime;
}
