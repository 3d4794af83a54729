import type { DB } from "~/db/client.server";
import { type Actor, runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import type { ScheduleHandler } from "~/modules/versions/schedules.server";
import { type ContentFields, recordVersion } from "~/modules/versions/versions.server";
import {
  type PublishOutcome,
  publishResource,
  unpublishResource,
} from "./resource-commands.server";
import type { Resource } from "./resource-types";
import { getResource } from "./resources.server";

/*
 * Resources on the mechanism of modules/versions (issue 29, decision 0060): each publish keeps
 * a version of the fields, and publishing or unpublishing can be scheduled. A resource's edits
 * still go straight to its row (its file is uploaded with the form); drafts of resources are not
 * done yet.
 */

export const RESOURCE_KIND = "resource" as const;

/** A resource's content as a version keeps it (the file by its id). */
export function resourceFields(resource: Resource): ContentFields {
  return {
    type: resource.type,
    title: resource.title,
    slug: resource.slug,
    summary: resource.summary,
    category: resource.category,
    pageCount: String(resource.pageCount),
    company: resource.company,
    industry: resource.industry,
    challenge: resource.challenge,
    solution: resource.solution,
    results: resource.results,
    fileId: resource.fileId ?? "",
  };
}

/** Publishes the resource and, when it went live, keeps a version of it. */
export function publishResourceVersion(
  db: DB,
  actor: Actor,
  slug: string,
  note = "Published",
): Promise<PublishOutcome> {
  return runCommand(db, actor, async (trx) => {
    const outcome = await publishResource(trx, actor, slug);
    if (outcome !== "published") return { result: outcome };
    const resource = await getResource(trx, slug);
    if (resource) {
      await recordVersion(trx, actor, RESOURCE_KIND, slug, resourceFields(resource), note);
    }
    return { result: outcome };
  });
}

/** The schedule job's way with resources (a publish without a file does nothing). */
export const resourceScheduleHandler: ScheduleHandler = async (trx, slug, action) => {
  const resource = await getResource(trx, slug);
  if (!resource) return undefined;
  if (action === "publish") {
    const outcome = await publishResourceVersion(trx, SYSTEM_ACTOR, slug, "Published (scheduled)");
    return outcome === "missing" ? undefined : { title: resource.title };
  }
  await unpublishResource(trx, SYSTEM_ACTOR, slug);
  return { title: resource.title };
};
