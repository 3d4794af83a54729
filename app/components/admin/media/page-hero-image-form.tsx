import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { MediaPicker } from "~/components/admin/media-picker";
import { Panel } from "~/components/admin/page";
import { HeroDrawing } from "~/components/site/illustrations/hero-drawings";
import { ResponsiveImage } from "~/components/site/responsive-image";
import type { MediaChoice } from "~/modules/media/media-choice";
import type { ImageData } from "~/modules/media/media-image";
import { HERO_IMAGE_FIELD } from "~/modules/media/page-hero.schema";
import { HERO_PAGE_LABELS, type HeroPageKey } from "~/modules/pages/page-heroes";

/*
 * The hero image of one public page, chosen from the media library on the Content page: a form
 * of its own beside the page's texts, so choosing a picture never touches them. A preview shows
 * what the page's hero shows now; "Use the default drawing" gives the page back its own drawing.
 * A plain post, so it works without JavaScript.
 */

export const HERO_IMAGE_INTENT = "hero-image";

/** The page's drawing on the hero's navy, as the page shows it. */
function DrawingOnNavy({ page }: { page: HeroPageKey }) {
  return (
    <span className="flex aspect-[4/3] w-full items-center justify-center rounded bg-navy-950 p-3">
      <HeroDrawing page={page} />
    </span>
  );
}

export function PageHeroImageForm({
  page,
  choices,
  current,
  error,
}: {
  page: HeroPageKey;
  choices: readonly MediaChoice[];
  /** The picture the page's hero shows now (none: its drawing). */
  current: ImageData | undefined;
  error?: string;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === HERO_IMAGE_INTENT;
  const label = HERO_PAGE_LABELS[page];
  return (
    <Panel title="Hero image" className="mb-6">
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <figure className="space-y-2" aria-labelledby="hero-preview-caption">
          <div className="overflow-hidden rounded-lg bg-navy-950 p-3">
            {current ? (
              <ResponsiveImage
                image={current}
                sizes="16rem"
                className="aspect-[4/3] h-auto w-full rounded object-cover"
              />
            ) : (
              <HeroDrawing page={page} />
            )}
          </div>
          <figcaption id="hero-preview-caption" className="text-xs text-slate-700">
            <span className="font-medium text-slate-900">On the {label} page now: </span>
            {current ? current.alt : "its own drawing"}
          </figcaption>
        </figure>
        <Form method="post" action={`/admin/content?page=${page}`} className="min-w-0 space-y-4">
          <input type="hidden" name="page" value={page} />
          <input type="hidden" name="intent" value={HERO_IMAGE_INTENT} />
          <MediaPicker
            key={current?.id ?? "none"}
            name={HERO_IMAGE_FIELD}
            label={`Picture beside the ${label} page's heading`}
            choices={choices}
            defaultValue={current?.id ?? null}
            error={error}
            hint="Beside the heading from tablet width up, under it on a phone, loaded first. Its alt text is the picture's description in the media library."
            noneLabel="Use the default drawing"
            nonePreview={<DrawingOnNavy page={page} />}
          />
          <button type="submit" className={buttonClasses.primary} disabled={saving}>
            {saving ? "Saving..." : "Save hero image"}
          </button>
        </Form>
      </div>
    </Panel>
  );
}
