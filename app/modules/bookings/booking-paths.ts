/**
 * Where a visitor books the free consultation: every "Schedule Consultation" and "Schedule Free
 * Consultation" button of the site leads here (issue 15). The enquiry form on /contact stays for
 * those who would rather not pick a time.
 */
export const BOOK_PATH = "/book";
