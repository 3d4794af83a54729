import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { MediaPicker } from "~/components/admin/media-picker";
import { Panel } from "~/components/admin/page";
import type { MediaChoice } from "~/modules/media/media-choice";
import { PAGE_LABELS, type PageKey } from "~/modules/pages/page.schema";

/*
 * The hero image of one public page, chosen from the media library on the Content page: a form
 * of its own beside the page's texts, so choosing a picture never touches them. "No image" shows
 * the page's drawing.
 */

export const HERO_IMAGE_INTENT = "hero-image";
export const HERO_IMAGE_FIELD = "heroImageId";

export function PageHeroImageForm({
  page,
  choices,
  current,
  error,
}: {
  page: PageKey;
  choices: readonly MediaChoice[];
  current: string | null;
  error?: string;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === HERO_IMAGE_INTENT;
  return (
    <Panel title="Hero image" className="mb-6">
      <Form method="post" action={`/admin/content?page=${page}`} className="space-y-4">
        <input type="hidden" name="page" value={page} />
        <input type="hidden" name="intent" value={HERO_IMAGE_INTENT} />
        <MediaPicker
          key={current ?? "none"}
          name={HERO_IMAGE_FIELD}
          label={`Picture beside the ${PAGE_LABELS[page]} page's heading`}
          choices={choices}
          defaultValue={current}
          error={error}
          hint="Shown from tablet width up, loaded first. With no image the page shows its drawing."
        />
        <button type="submit" className={buttonClasses.primary} disabled={saving}>
          {saving ? "Saving..." : "Save hero image"}
        </button>
      </Form>
    </Panel>
  );
}
