import { Form } from "react-router";
import { buttonClasses, FormError, fieldsFor, TextField } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import { formatFileSize } from "~/lib/format";
import { mediaDetailsSchema } from "~/modules/media/media.schema";
import type { MediaUse, MediaVariantInfo } from "~/modules/media/media.server";
import type { ImageData } from "~/modules/media/media-image";
import { objectPosition } from "~/modules/media/media-image";

/*
 * One image's page in the admin: its alt text and focal point (the form), how the focal point
 * crops it in the shapes pages draw it at, the variants the server made, and where it is used.
 */

export interface MediaDetailsState {
  message: string;
  values?: Record<string, string | boolean>;
  errors: Record<string, string>;
}

export function MediaDetailsForm({
  values,
  state,
}: {
  values: { alt: string; focalX: number | null; focalY: number | null };
  state?: MediaDetailsState;
}) {
  const stored = {
    alt: values.alt,
    focalX: values.focalX === null ? "" : String(values.focalX),
    focalY: values.focalY === null ? "" : String(values.focalY),
  };
  const field = fieldsFor(mediaDetailsSchema, {
    values: state?.values ?? stored,
    errors: state?.errors,
  });
  return (
    <Panel title="Alt text and focal point">
      <Form
        method="post"
        noValidate
        key={JSON.stringify(state?.values ?? stored)}
        className="grid gap-4 md:grid-cols-2"
      >
        <input type="hidden" name="intent" value="save" />
        {state?.errors ? (
          <div className="md:col-span-2" data-form-error="" tabIndex={-1}>
            <FormError message={state.message} />
          </div>
        ) : null}
        <TextField
          label="Alt text"
          {...field("alt")}
          hint="What the image shows, for people who cannot see it. Pages that use the image change with it."
          className="md:col-span-2"
        />
        <TextField
          label="Focal point, across (%)"
          {...field("focalX")}
          inputMode="numeric"
          hint="0 is the left edge, 100 the right; empty is the centre."
        />
        <TextField
          label="Focal point, down (%)"
          {...field("focalY")}
          inputMode="numeric"
          hint="0 is the top, 100 the bottom; empty is the centre."
        />
        <div className="md:col-span-2">
          <button type="submit" className={buttonClasses.primary}>
            Save changes
          </button>
        </div>
      </Form>
    </Panel>
  );
}

const CROPS = [
  { label: "Wide (16:9)", className: "aspect-video" },
  { label: "Square", className: "aspect-square" },
  { label: "Portrait (4:5)", className: "aspect-[4/5]" },
] as const;

/** The image as pages crop it: the focal point stays in view. */
export function CropPreview({ image }: { image: ImageData }) {
  return (
    <Panel title="Crop preview">
      <p className="mb-3 text-sm text-slate-700">
        How the saved focal point ({objectPosition(image)}) crops the image in the shapes pages draw
        it at.
      </p>
      <div className="grid grid-cols-3 items-start gap-3">
        {CROPS.map((crop) => (
          <figure key={crop.label} className="m-0">
            <img
              src={image.src}
              alt=""
              width={image.width}
              height={image.height}
              decoding="async"
              className={`w-full rounded border border-slate-200 bg-slate-100 object-cover ${crop.className}`}
              style={{ objectPosition: objectPosition(image) }}
            />
            <figcaption className="mt-1 text-xs text-slate-700">{crop.label}</figcaption>
          </figure>
        ))}
      </div>
    </Panel>
  );
}

export function VariantList({ variants }: { variants: readonly MediaVariantInfo[] }) {
  return (
    <Panel title="Sizes made for pages">
      {variants.length === 0 ? (
        <p className="text-sm text-slate-700">
          An SVG is drawn sharp at every size: it is served as uploaded, sanitised.
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Variants of this image</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-1 pr-3 font-medium">
                Format
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Size
              </th>
              <th scope="col" className="py-1 font-medium">
                File
              </th>
            </tr>
          </thead>
          <tbody>
            {variants.map((variant) => (
              <tr key={variant.url} className="border-b border-slate-100">
                <td className="py-1 pr-3 uppercase">{variant.format}</td>
                <td className="py-1 pr-3">
                  <a href={variant.url} className="text-blue-800 underline">
                    {variant.width} × {variant.height} px
                  </a>
                </td>
                <td className="py-1">{formatFileSize(variant.byteSize)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

export function UsageList({ uses }: { uses: readonly MediaUse[] }) {
  return (
    <Panel title="Where it is used">
      {uses.length === 0 ? (
        <p className="text-sm text-slate-700">Not used on the site yet.</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          {uses.map((use) => (
            <li key={`${use.area} ${use.name}`}>
              {use.area}: {use.name}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
