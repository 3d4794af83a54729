import { data, Link, redirect } from "react-router";
import { ContentEditor, ReadOnlyLists } from "~/components/admin/content/content-editor";
import { TextsElsewhere } from "~/components/admin/content/texts-elsewhere";
import {
  applyContentForm,
  applyContentListOp,
  type ContentRow,
  contentSections,
  readContentDraft,
} from "~/components/admin/content-form";
import { buttonClasses } from "~/components/admin/forms";
import { LIST_OP_FIELD, parseListOp } from "~/components/admin/list-editor";
import {
  HERO_IMAGE_INTENT,
  PageHeroImageForm,
} from "~/components/admin/media/page-hero-image-form";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { DraftPanel } from "~/components/admin/versions/draft-panel";
import { ActionMessage } from "~/components/ui/toast";
import { staffActor } from "~/modules/commands/command.server";
import {
  listMediaChoices,
  loadPageHeroImage,
  setPageHeroImage,
} from "~/modules/media/media.server";
import { MEDIA_CHOICE_MESSAGES } from "~/modules/media/media-messages";
import { pageHeroImageSchema } from "~/modules/media/page-hero.schema";
import {
  HERO_PAGE_KEYS,
  HERO_PAGE_LABELS,
  type HeroPageKey,
  hasPageTexts,
  isHeroPageKey,
} from "~/modules/pages/page-heroes";
import { pageVersions } from "~/modules/pages/page-versions.server";
import { getPage, isPageKey, listPages } from "~/modules/pages/pages.server";
import { publishItem, saveDraft } from "~/modules/versions/drafts.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/content";
import { draftNotice, draftPanelAction, loadDraftPanel } from "./drafts-post.server";
import type { ScheduleActionResult } from "./schedule-post.server";

export const meta: Route.MetaFunction = () => adminMeta("Content");

const pageOf = (value: string | null): HeroPageKey =>
  value && isHeroPageKey(value) ? value : "home";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const key = pageOf(url.searchParams.get("page"));
  const { db } = runtimeFrom(context);
  const [content, stored, mediaChoices, heroImage, versioning] = await Promise.all([
    isPageKey(key) ? getPage(db, key) : undefined,
    listPages(db),
    listMediaChoices(db),
    loadPageHeroImage(db, key),
    // Issue 29: the page's draft, history and preview (decision 0060).
    isPageKey(key)
      ? loadDraftPanel(db, pageVersions, key, `/admin/content/${key}/preview`)
      : undefined,
  ]);
  return {
    page: key,
    mediaChoices,
    heroImage,
    // Insights and Book have a hero to choose but no texts here.
    sections: content ? contentSections(content) : [],
    // The editor opens on the draft, when there is one.
    draftSections: versioning ? contentSections(versioning.item) : [],
    draftPanel: versioning?.panel,
    updatedAt: stored.find((p) => p.id === key)?.updatedAt ?? null,
    editing: url.searchParams.get("edit") === "1",
    notice: draftNotice(url),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const form = await requireForm(request);
  const { db } = runtimeFrom(context);
  if (form.get("intent") === HERO_IMAGE_INTENT) {
    const parsed = parseForm(pageHeroImageSchema, form);
    if (!parsed.success) {
      return data(
        {
          message: `Error saving the hero image: ${Object.values(parsed.errors).join(" ")}`,
          heroError: true,
        },
        { status: 400 },
      );
    }
    const { page, heroImageId: mediaId } = parsed.data;
    const outcome = await setPageHeroImage(db, staffActor(user), { page, mediaId });
    if (outcome === "unknown_image") {
      return data(
        {
          message: `Error saving the hero image: ${MEDIA_CHOICE_MESSAGES.unknownImage}`,
          heroError: true,
        },
        { status: 400 },
      );
    }
    return {
      message:
        outcome === "cleared"
          ? "Hero image removed: the page shows its drawing."
          : outcome === "set"
            ? "Hero image saved."
            : "Nothing to save: the hero image is unchanged.",
    };
  }
  const key = form.get("page");
  if (typeof key !== "string" || !isPageKey(key)) {
    return data(
      { message: "Error updating content: choose one of the six pages." },
      { status: 400 },
    );
  }
  const intent = form.get("intent");
  const panelAnswer = await draftPanelAction(db, staffActor(user), pageVersions, form, key, "page");
  if (panelAnswer) return panelAnswer;
  // The editor works on the draft, when there is one (its lists are the draft's).
  const stored =
    (await loadDraftPanel(db, pageVersions, key, ""))?.item ?? (await getPage(db, key));
  const listOp = parseListOp(form.get(LIST_OP_FIELD));
  if (listOp) {
    // A list button pressed without JavaScript: show the changed draft, save nothing yet.
    const draft = applyContentListOp(readContentDraft(stored, form), listOp);
    return { message: undefined, ...draft, errors: {} };
  }
  const applied = applyContentForm(stored, form);
  if (!applied.ok) {
    return data(
      {
        message: "Error updating content: please correct the fields marked below.",
        values: applied.values,
        lists: applied.lists,
        errors: applied.errors,
      },
      { status: 400 },
    );
  }
  try {
    if (intent === "draft")
      await saveDraft(db, staffActor(user), pageVersions, key, applied.content);
    else await publishItem(db, staffActor(user), pageVersions, key, applied.content);
  } catch (error) {
    return data(
      {
        message: `Error updating content: ${(error as Error).message}`,
        values: undefined,
        errors: undefined,
      },
      { status: 500 },
    );
  }
  // Issue 29: the editor opens again on the draft; the live page is as it was.
  if (intent === "draft") throw redirect(`/admin/content?page=${key}&edit=1&drafted=1`);
  return { message: "Content updated successfully!", values: undefined, errors: undefined };
}

type ActionResult = {
  message?: string;
  values?: Record<string, string>;
  lists?: Record<string, ContentRow[]>;
  /** Set (maybe empty) while the editor stays open: a refused save or a list button. */
  errors?: Record<string, string>;
  /** The hero image's choice was refused (an image deleted meanwhile). */
  heroError?: boolean;
  scheduleState?: ScheduleActionResult["scheduleState"];
};

export default function ContentPage({
  loaderData,
  actionData: rawActionData,
}: Route.ComponentProps) {
  const actionData = rawActionData as ActionResult | undefined;
  const { page, sections, updatedAt } = loaderData;
  const editing = loaderData.editing || Boolean(actionData?.errors);
  const pageLink = (key: HeroPageKey) => `/admin/content?page=${key}`;
  return (
    <>
      <PageHeader
        title="Content"
        description="Hero, text fields and the Services page's methodology steps of the public pages. A draft stays off the site until you publish it."
      />
      <ActionMessage
        message={actionData?.message ?? loaderData.notice}
        trigger={actionData ?? loaderData.notice}
      />

      <nav aria-label="Pages" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {HERO_PAGE_KEYS.map((key) => (
            <li key={key}>
              <Link
                to={pageLink(key)}
                aria-current={key === page ? "page" : undefined}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm font-medium ${
                  key === page
                    ? "border-blue-700 bg-blue-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                {HERO_PAGE_LABELS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <PageHeroImageForm
        page={page}
        choices={loaderData.mediaChoices}
        current={loaderData.heroImage}
        error={actionData?.heroError ? MEDIA_CHOICE_MESSAGES.unknownImage : undefined}
      />

      {loaderData.draftPanel ? (
        <DraftPanel
          here={pageLink(page)}
          hidden={{ page }}
          {...loaderData.draftPanel}
          scheduleState={actionData?.scheduleState}
        />
      ) : null}

      {!hasPageTexts(page) ? (
        <TextsElsewhere page={page} />
      ) : editing ? (
        <ContentEditor
          key={`${page}-${JSON.stringify([actionData?.values ?? null, actionData?.lists ?? null])}`}
          page={page}
          sections={loaderData.draftSections}
          values={actionData?.values}
          lists={actionData?.lists}
          errors={actionData?.errors ?? {}}
          cancelHref={pageLink(page)}
        />
      ) : (
        <Panel
          title={`${HERO_PAGE_LABELS[page]} page`}
          actions={
            <>
              <Link to={`/admin/seo/page/${page}`} className={buttonClasses.secondary}>
                Search and social
                <span className="sr-only"> of the {HERO_PAGE_LABELS[page]} page</span>
              </Link>
              <Link to={`${pageLink(page)}&edit=1`} className={buttonClasses.primary}>
                Edit<span className="sr-only"> the {HERO_PAGE_LABELS[page]} page</span>
              </Link>
            </>
          }
        >
          {updatedAt ? (
            <p className="-mt-2 mb-4 text-xs text-slate-600">
              Last updated {formatDateTime(updatedAt)}
            </p>
          ) : null}
          <div className="space-y-6">
            {sections.map((section) => (
              <section key={section.key} aria-labelledby={`section-${section.key}`}>
                <h3 id={`section-${section.key}`} className="font-semibold text-slate-900">
                  {section.label}
                </h3>
                <dl className="mt-2 space-y-2">
                  {section.fields.map((field) => (
                    <div key={field.path}>
                      <dt className="text-xs font-medium text-slate-600">{field.label}</dt>
                      <dd className="text-sm whitespace-pre-line text-slate-900">{field.value}</dd>
                    </div>
                  ))}
                </dl>
                <ReadOnlyLists section={section} />
              </section>
            ))}
          </div>
        </Panel>
      )}
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
