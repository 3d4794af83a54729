import { ResponsiveImage } from "~/components/site/responsive-image";
import { initialsOf } from "~/lib/initials";
import type { ImageData } from "~/modules/media/media-image";

const SIZES = {
  md: { box: "h-14 w-14 text-lg", sizes: "56px" },
  lg: { box: "h-24 w-24 text-3xl", sizes: "96px" },
} as const;

/**
 * A person's face: their photo from the media library, or a monogram of their initials when
 * there is none. Either way a fixed round box, so nothing shifts while the photo loads. The
 * name is always written beside it, so the monogram is decoration for screen readers.
 */
export function Face({
  name,
  photo,
  size = "md",
}: {
  name: string;
  photo: ImageData | null;
  size?: keyof typeof SIZES;
}) {
  const { box, sizes } = SIZES[size];
  if (photo) {
    return (
      <span className={`block shrink-0 overflow-hidden rounded-full bg-stone-100 ${box}`}>
        <ResponsiveImage image={photo} sizes={sizes} className="h-full w-full object-cover" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-navy-900 font-display font-semibold text-marigold-200 ${box}`}
    >
      {initialsOf(name)}
    </span>
  );
}
