import { type ImageData, objectPosition, type VariantFormat } from "~/modules/media/media-image";

interface ResponsiveImageProps {
  image: ImageData;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The page's largest image (a hero): loaded at once with high fetch priority, never lazily. */
  priority?: boolean;
  className?: string;
}

const srcSet = (image: ImageData, format: VariantFormat) =>
  image.variants
    .filter((variant) => variant.format === format)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");

/**
 * A media-library image: AVIF and WebP sources at several widths in a <picture>, with the
 * original's width and height so that the browser reserves its box before it loads (no layout
 * shift). Images below the fold load lazily; the hero loads first (`priority`).
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  className,
}: ResponsiveImageProps) {
  const img = (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
      style={{ objectPosition: objectPosition(image) }}
    />
  );
  // An SVG is one file at every size: no sources to choose from.
  if (image.kind === "svg") return img;
  const avif = srcSet(image, "avif");
  const webp = srcSet(image, "webp");
  return (
    <picture>
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      {img}
    </picture>
  );
}
