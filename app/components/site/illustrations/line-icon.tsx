import type { ReactNode, SVGProps } from "react";

/** Props of a line icon: an SVG's own, less its children (each icon draws its own). */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/**
 * The frame every line icon of the site is drawn in: 24 x 24, stroke = currentColor, rounded
 * joins; decorative, so hidden from assistive technology (the text beside it carries the meaning).
 */
export function LineIcon({
  children,
  className = "h-6 w-6",
  ...props
}: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}
