/* The media library's messages that pages show as well as commands (browser-safe). */
export const MEDIA_CHOICE_MESSAGES = {
  missing: "This image no longer exists.",
  unknownImage: "Choose an image from the media library, or none.",
} as const;
