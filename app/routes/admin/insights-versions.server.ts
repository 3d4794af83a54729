import { data, redirect } from "react-router";
import type { DB } from "~/db/client.server";
import type { Actor } from "~/modules/commands/command.server";
import { SLUG_TAKEN_MESSAGE } from "~/modules/library/article-commands.server";
import {
  ARTICLE_KIND,
  discardArticleDraft,
  getArticleDraft,
  publishArticleVersion,
} from "~/modules/library/article-versions.server";
import { listPendingSchedules } from "~/modules/versions/schedules.server";
import { listVersions } from "~/modules/versions/versions.server";
import { scheduleAction } from "./schedule-post.server";

/*
 * The article edit page's draft, publish and schedule posts (issue 29, decision 0060), kept out
 * of the route so that it stays thin.
 */

export interface VersionsActionResult {
  message: string;
  scheduleState?: { values?: Record<string, unknown>; errors?: Record<string, string> };
}

/** What the edit page shows of the draft, the history and the schedules. */
export async function loadArticleVersioning(db: DB, slug: string) {
  const [editing, versions, schedules] = await Promise.all([
    getArticleDraft(db, slug),
    listVersions(db, ARTICLE_KIND, slug),
    listPendingSchedules(db, ARTICLE_KIND, slug),
  ]);
  return { editing, versionCount: versions.length, schedules };
}

/** Handles `intent` when it is one of this page's; undefined otherwise. */
export async function articleVersionsAction(
  db: DB,
  actor: Actor,
  form: FormData,
  slug: string,
  title: string,
) {
  const intent = form.get("intent");
  const item = { kind: ARTICLE_KIND, entityId: slug, title };
  if (intent === "publish") {
    const published = await publishArticleVersion(db, actor, slug);
    if (!published.ok && published.reason === "missing") throw data(null, { status: 404 });
    if (!published.ok) {
      return data({ message: `Error: not published. ${SLUG_TAKEN_MESSAGE}` }, { status: 400 });
    }
    if (published.article.slug !== slug) {
      throw redirect(`/admin/insights/${encodeURIComponent(published.article.slug)}?moved=1`);
    }
    return {
      message: "Article published: it is on the site, in the feed and the sitemap.",
    } satisfies VersionsActionResult;
  }
  if (intent === "discard-draft") {
    const dropped = await discardArticleDraft(db, actor, slug);
    return {
      message: dropped
        ? "Draft discarded: the form shows the live article."
        : "No draft to discard.",
    } satisfies VersionsActionResult;
  }
  return scheduleAction(db, actor, form, item, "article");
}
