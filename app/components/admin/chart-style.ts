import { formatDayMonth } from "~/lib/india-format";
import { ENQUIRY_STATUS_LABELS } from "~/modules/enquiries/enquiry-options";

/*
 * What the admin's charts share without their drawing library: sizes, colours and labels. The
 * frames and tables (charts.tsx, funnel-chart.tsx) and the drawings (chart-drawings.tsx, loaded
 * only once a chart is on screen) both read them.
 */

/**
 * Enquiry statuses with the dashboard's colours. Their names are the inbox's (issue 24: one
 * word for a status wherever staff read it, where the spec had the dashboard say "In Progress").
 */
export const DASHBOARD_STATUSES = [
  { key: "new", label: ENQUIRY_STATUS_LABELS.new, color: "#1d4ed8" },
  { key: "contacted", label: ENQUIRY_STATUS_LABELS.contacted, color: "#d97706" },
  { key: "qualified", label: ENQUIRY_STATUS_LABELS.qualified, color: "#15803d" },
  { key: "closed", label: ENQUIRY_STATUS_LABELS.closed, color: "#64748b" },
] as const;

export interface WeekRow {
  weekStart: string;
  new: number;
  contacted: number;
  qualified: number;
  closed: number;
}

/** "9 Mar" for a YYYY-MM-DD day (app/lib/india-format.ts). */
export const shortDay = (day: string) => formatDayMonth(day);

/** "Nov 2026" for "2026-11". */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)).toLocaleDateString("en-IN", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The charts' height (the frame's h-64). */
export const CHART_HEIGHT = 256;
/**
 * The charts' margins: the y-axis's numbers need less than its 60 px, and the right one leaves
 * half a label's room, so the latest day's label, centred on the last point, is not cut off.
 */
export const MARGIN = { left: -20, right: 28 };
/** What the y-axis (60 px) and the margins leave of the width for the x-axis. */
export const Y_AXIS_PX = 60 + MARGIN.left + MARGIN.right;
export const TICK = { fontSize: 12, fill: "#334155" };
