import { z } from "zod";
import { HERO_PAGE_KEYS } from "~/modules/pages/page-heroes";
import { MEDIA_CHOICE_MESSAGES } from "./media-messages";

/*
 * The form that chooses a public page's hero picture on Content (issue 24): which page, and the
 * media-library image's id, or "" for the page's own drawing. Whether the image still exists is
 * the command's check (setPageHeroImage), made in its transaction.
 */

export const HERO_IMAGE_FIELD = "heroImageId";

export const pageHeroImageSchema = z.object({
  page: z.enum(HERO_PAGE_KEYS, "Choose one of the public pages."),
  [HERO_IMAGE_FIELD]: z
    .string()
    .trim()
    .regex(/^(img_[0-9a-f]{24})?$/, MEDIA_CHOICE_MESSAGES.unknownImage)
    .default("")
    .transform((id) => id || null),
});

export type PageHeroImageInput = z.output<typeof pageHeroImageSchema>;
