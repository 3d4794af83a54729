import { z } from "zod";

/**
 * General site settings (settings document `general`). The brand name, e-mail, phone and the
 * partners' names are settings so that every page, e-mail and structured-data block takes them
 * from one place.
 */
export const generalSettingsSchema = z.object({
  siteName: z
    .string()
    .trim()
    .min(1, "Site name is required")
    .max(80, "Must be at most 80 characters"),
  tagline: z.string().trim().max(160, "Must be at most 160 characters"),
  siteDescription: z.string().trim().max(500, "Must be at most 500 characters"),
  email: z.email("Enter a valid e-mail address").max(254),
  phone: z
    .string()
    .trim()
    .min(1, "Phone is required")
    .max(30, "Must be at most 30 characters")
    .regex(/^[+()\d\s-]+$/, "Use digits, spaces, +, -, ( and ) only"),
  ceoName: z.string().trim().min(1, "CEO name is required").max(80),
  ctoName: z.string().trim().min(1, "CTO name is required").max(80),
  linkedinUrl: z.url("Enter a full URL").max(300),
  maintenanceMode: z.boolean(),
  analyticsEnabled: z.boolean(),
});

export type GeneralSettings = z.infer<typeof generalSettingsSchema>;
