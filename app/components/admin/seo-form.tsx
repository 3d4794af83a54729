import { useState } from "react";
import { Form } from "react-router";
import {
  buttonClasses,
  FormError,
  fieldsFor,
  TextAreaField,
  TextField,
} from "~/components/admin/forms";
import { MediaPicker } from "~/components/admin/media-picker";
import type { MediaChoice } from "~/modules/media/media-choice";
import {
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  PREVIEW_DESCRIPTION_CHARS,
  PREVIEW_TITLE_CHARS,
  seoFieldsSchema,
  truncateForPreview,
} from "~/modules/seo/seo.schema";

/*
 * The search and social fields of one page, article, resource, service area or posting
 * (issue 29, decision 0059): meta title and description with their character counts (counted
 * on the server render, and as one types where scripts run), the search-result preview, the
 * link-preview image from the media library and the canonical address.
 */

export interface SeoFormValues {
  metaTitle: string;
  metaDescription: string;
  imageId: string;
  canonical: string;
}

export interface SeoFormProps {
  values: SeoFormValues;
  errors?: Record<string, string>;
  /** What the page shows while a field is empty. */
  defaults: { title: string; description: string };
  /** The page's absolute address, as the preview shows it. */
  url: string;
  mediaChoices: readonly MediaChoice[];
}

const countText = (length: number, max: number) =>
  `${length} of ${max} characters${length > max ? `: ${length - max} too many` : ""}`;

/** "https://example.in › services › equity", as a search result writes an address. */
function displayUrl(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    return [host, ...parts].join(" › ");
  } catch {
    return url;
  }
}

export function SeoForm({ values, errors, defaults, url, mediaChoices }: SeoFormProps) {
  const field = fieldsFor(seoFieldsSchema, { values, errors });
  const [title, setTitle] = useState(values.metaTitle);
  const [description, setDescription] = useState(values.metaDescription);
  const [canonical, setCanonical] = useState(values.canonical);
  const shownTitle = truncateForPreview(title.trim() || defaults.title, PREVIEW_TITLE_CHARS);
  const shownDescription = truncateForPreview(
    description.trim() || defaults.description,
    PREVIEW_DESCRIPTION_CHARS,
  );
  const shownUrl = displayUrl(
    canonical.trim().startsWith("https://")
      ? canonical.trim()
      : canonical.trim().startsWith("/")
        ? new URL(canonical.trim(), url).href
        : url,
  );

  return (
    <Form method="post" noValidate className="grid gap-6">
      {errors ? <FormError message="Some fields need attention: see the messages below." /> : null}
      <TextField
        label="Meta title"
        {...field("metaTitle")}
        maxLength={undefined}
        hint={`${countText(title.length, META_TITLE_MAX)}. Search results show about ${PREVIEW_TITLE_CHARS}. Empty: “${defaults.title}”.`}
        onChange={(event) => setTitle(event.currentTarget.value)}
        data-seo-count={title.length}
      />
      <TextAreaField
        label="Meta description"
        {...field("metaDescription")}
        maxLength={undefined}
        rows={3}
        hint={`${countText(description.length, META_DESCRIPTION_MAX)}. Search results show about ${PREVIEW_DESCRIPTION_CHARS}. Empty: the page's own summary.`}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />

      <section
        aria-labelledby="seo-preview-heading"
        className="rounded-lg border border-slate-300 bg-white p-4"
      >
        <h2 id="seo-preview-heading" className="text-sm font-semibold text-slate-800">
          Search result preview
        </h2>
        <div className="mt-3 max-w-[600px] font-sans" data-seo-preview="">
          <p className="truncate text-sm text-slate-700" data-preview-url="">
            {shownUrl}
          </p>
          <p className="mt-1 text-xl leading-snug text-[#1a0dab]" data-preview-title="">
            {shownTitle}
          </p>
          <p className="mt-1 text-sm leading-6 text-slate-700" data-preview-description="">
            {shownDescription}
          </p>
        </div>
      </section>

      <MediaPicker
        name="imageId"
        label="Social image"
        choices={mediaChoices}
        defaultValue={values.imageId || null}
        error={errors?.imageId}
        hint="Shown when the page is shared (1200 × 630 suits most networks)."
        noneLabel="The site's own image"
      />
      <TextField
        label="Canonical address"
        {...field("canonical")}
        hint="Empty: the page's own address. Otherwise a path on this site (/services/equity) or an https:// address."
        onChange={(event) => setCanonical(event.currentTarget.value)}
      />
      <div>
        <button type="submit" className={buttonClasses.primary}>
          Save search and social fields
        </button>
      </div>
    </Form>
  );
}
