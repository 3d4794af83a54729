/*
 * An application's statuses and the record's shape: plain data shared by server and browser code
 * (the admin's filters and badges import these).
 */

export const APPLICATION_STATUSES = [
  "new",
  "reviewing",
  "interview",
  "offer",
  "hired",
  "rejected",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: "New",
  reviewing: "Reviewing",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Rejected",
};

export interface Application {
  id: string;
  careerId: string;
  careerTitle: string;
  fullName: string;
  email: string;
  phone: string;
  location: string;
  noticePeriod: string;
  profileUrl: string;
  coverNote: string;
  consentText: string;
  cvFileId: string | null;
  status: ApplicationStatus;
  spamReason: string | null;
  submittedAt: string;
  updatedAt: string | null;
}
