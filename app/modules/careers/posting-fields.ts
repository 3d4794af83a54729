import type { Career } from "./career.schema";

/**
 * A posting's fields as the career form edits them and a version keeps them (issue 29): the lists
 * one item per line. Shared by the form (its values) and the versions (their content).
 */
export function postingFields(career: Career) {
  return {
    title: career.title,
    department: career.department,
    location: career.location,
    type: career.type,
    experience: career.experience,
    salary: career.salary,
    description: career.description,
    requirements: career.requirements.join("\n"),
    responsibilities: career.responsibilities.join("\n"),
    benefits: career.benefits.join("\n"),
    status: career.status,
    closingDate: career.closingDate,
  };
}
