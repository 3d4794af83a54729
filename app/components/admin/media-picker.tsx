import { useId, useState } from "react";
import { inputClasses } from "~/components/admin/forms";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { MediaChoice } from "~/modules/media/media-choice";

/*
 * Choosing an image from the media library in an admin form. Without JavaScript it is a plain
 * radio group of thumbnails (fieldset and legend, each label the image's alt text) with "No
 * image" first, so the form posts the chosen id, or "" for none, under `name`. With JavaScript a
 * filter box narrows a long library by alt text; the radios stay the control, so keyboard use
 * and the posted value are the same either way.
 */

export interface MediaPickerProps {
  /** The form field the chosen image's id is posted under ("" for no image). */
  name: string;
  label: string;
  choices: readonly MediaChoice[];
  /** The image chosen now (null or undefined: none). */
  defaultValue?: string | null;
  error?: string;
  hint?: string;
  /** What choosing no image means here ("No image" when not given). */
  noneLabel?: string;
  /** What the page shows with no image, drawn in the "none" tile ("None" when not given). */
  nonePreview?: React.ReactNode;
}

/** Past this many images the filter box is worth its space. */
const FILTER_FROM = 7;

export function MediaPicker({
  name,
  label,
  choices,
  defaultValue,
  error,
  hint,
  noneLabel = "No image",
  nonePreview,
}: MediaPickerProps) {
  const hydrated = useHydrated();
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const ids = { hint: `${base}-hint`, error: `${base}-error`, filter: `${base}-filter` };
  const [filter, setFilter] = useState("");
  const [selected, setSelected] = useState(defaultValue ?? "");
  const needle = filter.trim().toLowerCase();
  const shown = (choice: MediaChoice) =>
    !needle || choice.id === selected || choice.alt.toLowerCase().includes(needle);
  // An image chosen earlier and deleted since is no longer offered; posting keeps nothing stale.
  const known = choices.some((choice) => choice.id === defaultValue);
  const describedBy = [hint ? ids.hint : "", error ? ids.error : ""].filter(Boolean).join(" ");

  return (
    <fieldset
      className="min-w-0 rounded-lg border border-slate-300 p-4"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">{label}</legend>
      {hint ? (
        <p id={ids.hint} className="mb-2 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="mb-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {hydrated && choices.length >= FILTER_FROM ? (
        <div className="mb-3 max-w-sm">
          <label htmlFor={ids.filter} className="block text-xs font-medium text-slate-700">
            Filter images by alt text
          </label>
          <input
            id={ids.filter}
            type="search"
            className={inputClasses}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          />
        </div>
      ) : null}
      <div className="grid max-h-80 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3 lg:grid-cols-4">
        <PickerOption
          name={name}
          value=""
          checked={selected === "" || (!known && selected === defaultValue)}
          onSelect={setSelected}
        >
          {nonePreview ?? (
            <span className="flex aspect-[4/3] w-full items-center justify-center rounded bg-slate-100 text-xs text-slate-600">
              None
            </span>
          )}
          <span className="text-xs font-medium text-slate-800">{noneLabel}</span>
        </PickerOption>
        {choices.filter(shown).map((choice) => (
          <PickerOption
            key={choice.id}
            name={name}
            value={choice.id}
            checked={selected === choice.id}
            onSelect={setSelected}
          >
            <img
              src={choice.thumbUrl}
              alt=""
              width={choice.width}
              height={choice.height}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full rounded bg-slate-100 object-contain"
            />
            <span className="line-clamp-2 text-xs text-slate-800">{choice.alt}</span>
          </PickerOption>
        ))}
      </div>
      {choices.length === 0 ? (
        <p className="mt-2 text-xs text-slate-600">
          The media library is empty.{" "}
          <a href="/admin/media" className="font-medium text-blue-800 underline">
            Upload an image in Media
          </a>{" "}
          to choose it here.
        </p>
      ) : null}
    </fieldset>
  );
}

function PickerOption({
  name,
  value,
  checked,
  onSelect,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex cursor-pointer flex-col gap-1 rounded-md border border-slate-300 p-2 has-[:checked]:border-blue-700 has-[:checked]:ring-2 has-[:checked]:ring-blue-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="sr-only"
      />
      {children}
    </label>
  );
}
