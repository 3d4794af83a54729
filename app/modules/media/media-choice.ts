/*
 * An image as an admin picker offers it (browser-safe: the picker imports this, not the server
 * module). listMediaChoices (media.server.ts) makes them, newest first.
 */

export interface MediaChoice {
  id: string;
  alt: string;
  /** A small rendition to show in the picker: the narrowest WebP variant, or the SVG itself. */
  thumbUrl: string;
  /** The original's size, so the thumbnail keeps its shape while it loads. */
  width: number;
  height: number;
}
