/** How far back "new subscribers" and the visit figures look. */
export const DASHBOARD_DAYS = 30;
/** Enquiries per week: the last twelve weeks. */
export const DASHBOARD_WEEKS = 12;
