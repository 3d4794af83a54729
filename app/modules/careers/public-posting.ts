import { formatSalary } from "~/lib/salary";
import type { Career } from "./career.schema";

/** What the public pages show of a posting (every field spec section 2 lists). */
export interface PublicPosting {
  id: string;
  title: string;
  department: string;
  location: string;
  type: string;
  experience: string;
  salary: string;
  description: string;
  requirements: string[];
  responsibilities: string[];
  benefits: string[];
  postedDate: string;
  applications: number;
}

/** A posting as the public pages show it: no status, no staff-only timestamps. */
export const toPublicPosting = (career: Career): PublicPosting => ({
  id: career.id,
  title: career.title,
  department: career.department,
  location: career.location,
  type: career.type,
  experience: career.experience,
  // In the one shape also for postings saved before salaries were checked ("18-24 LPA").
  salary: formatSalary(career.salary),
  description: career.description,
  requirements: career.requirements,
  responsibilities: career.responsibilities,
  benefits: career.benefits,
  postedDate: career.postedDate,
  applications: career.applications,
});
