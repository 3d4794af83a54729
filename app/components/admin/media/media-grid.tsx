import { Link } from "react-router";
import { formatDate } from "~/components/admin/page";
import { formatFileSize } from "~/lib/format";
import type { MediaListItem } from "~/modules/media/media.server";

/*
 * The media library as a grid of cards: the thumbnail, its alt text (the link to the image's
 * page), and what staff need to pick the right file: kind, size in pixels and bytes, upload date.
 */

const KIND_LABELS = { jpeg: "JPEG", png: "PNG", webp: "WebP", svg: "SVG" } as const;

export function MediaGrid({ items }: { items: readonly MediaListItem[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <div className="aspect-[4/3] bg-slate-100">
            <img
              src={item.thumbUrl}
              alt=""
              width={item.width}
              height={item.height}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-contain"
            />
          </div>
          <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
            <Link
              to={`/admin/media/${item.id}`}
              className="line-clamp-2 font-medium text-blue-800 underline hover:text-blue-950"
            >
              {item.alt}
            </Link>
            <p className="text-xs text-slate-700">
              {KIND_LABELS[item.kind]} · {item.width} × {item.height} px ·{" "}
              {formatFileSize(item.byteSize)}
            </p>
            <p className="text-xs text-slate-600">Uploaded {formatDate(item.createdAt)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What the page shows before the first upload: what to upload and where it is used. */
export function MediaEmptyState() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
      <h2 className="text-base font-semibold text-slate-900">No images yet</h2>
      <p className="mt-2">
        Upload photos and logos here, then choose them for the hero of a page (Content), a service
        area (Services), an article (Insights), and testimonials, client logos and team members.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          JPEG, PNG or WebP photos, ideally at least 1920 px wide; SVG for logos and drawings.
        </li>
        <li>Up to 10 MB each. The site makes AVIF and WebP copies at several widths.</li>
        <li>Every image needs alt text: a short description of what it shows.</li>
      </ul>
    </div>
  );
}
