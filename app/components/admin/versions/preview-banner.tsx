import type { ReactNode } from "react";
import { container } from "~/components/site/ui";
import { PREVIEW_HEADERS } from "~/lib/preview-headers";

/*
 * The band above a draft's preview (issue 29, decision 0060): says that staff see a preview,
 * whether it is the draft or the live content, and leads back to editing. Its forms are shown
 * but cannot be sent (`PreviewForms`): a preview has no action to take them.
 */

/**
 * What every draft preview route exports the same way: never stored by the page cache, never
 * kept by a browser or proxy, never indexed (its loader opens with `loadDraftPreview`).
 */
export const draftPreviewRoute = {
  handle: { pageCache: false },
  headers: () => PREVIEW_HEADERS,
  meta: (title: string) => [
    { title: `Preview: ${title}` },
    { name: "robots", content: "noindex, nofollow" },
  ],
};

export function PreviewBanner({
  live,
  noun,
  editHref,
  children,
}: {
  /** True when there is no draft: the preview shows what is live. */
  live: boolean;
  noun: string;
  editHref: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="border-b border-amber-300 bg-amber-50 text-amber-950">
        <p className={`${container} py-3 text-sm`}>
          <strong>Preview for staff.</strong>{" "}
          {live
            ? `This is the live ${noun}: there is no unpublished draft.`
            : "This draft is not on the site until it is published."}{" "}
          <a href={editHref} className="font-semibold underline">
            Back to editing
          </a>
        </p>
      </div>
      {children}
    </>
  );
}

/** The page's forms as they look, their fields and buttons disabled (nothing to send them to). */
export function PreviewForms({ children }: { children: ReactNode }) {
  return (
    <fieldset disabled className="contents">
      <legend className="sr-only">Preview: the forms of this page cannot be sent</legend>
      {children}
    </fieldset>
  );
}
