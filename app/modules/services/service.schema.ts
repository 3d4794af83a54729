import { z } from "zod";

/** The six colour choices of the services editor (spec section 9). */
export const SERVICE_COLORS = ["blue", "purple", "green", "orange", "red", "teal"] as const;
export type ServiceColor = (typeof SERVICE_COLORS)[number];

/** Gradient style strings stored as `color` and `bgColor`, one pair per colour choice. */
export const SERVICE_GRADIENTS: Record<ServiceColor, { color: string; bgColor: string }> = {
  blue: { color: "from-blue-600 to-blue-800", bgColor: "from-blue-50 to-blue-100" },
  purple: { color: "from-purple-600 to-purple-800", bgColor: "from-purple-50 to-purple-100" },
  green: { color: "from-green-600 to-green-800", bgColor: "from-green-50 to-green-100" },
  orange: { color: "from-orange-600 to-orange-800", bgColor: "from-orange-50 to-orange-100" },
  red: { color: "from-red-600 to-red-800", bgColor: "from-red-50 to-red-100" },
  teal: { color: "from-teal-600 to-teal-800", bgColor: "from-teal-50 to-teal-100" },
};

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredText = (label: string, max: number) => text(max).min(1, `${label} is required`);

export const subServiceSchema = z.object({
  name: requiredText("Name", 120),
  description: requiredText("Description", 600),
});

export const serviceSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and hyphens")
    .max(60),
  title: requiredText("Title", 120),
  subtitle: requiredText("Subtitle", 200),
  description: requiredText("Description", 2000),
  subServices: z.array(subServiceSchema).max(20),
  features: z.array(requiredText("Feature", 300)).max(20),
  benefits: z.array(requiredText("Benefit", 300)).max(20),
  process: z.array(requiredText("Process step", 300)).max(12),
  color: text(80),
  bgColor: text(80),
  /**
   * Issue 14: the service area's image from the media library (null: none). Left out, a save
   * keeps the stored one (a form without the picker).
   */
  imageId: z.string().trim().max(40).nullable().optional(),
});

export type SubService = z.infer<typeof subServiceSchema>;
export type Service = z.infer<typeof serviceSchema>;
