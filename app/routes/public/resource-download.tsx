import { data, Link, redirectDocument, type ShouldRevalidateFunction } from "react-router";
import { PageHero } from "~/components/site/ui";
import { constraintsOf } from "~/lib/form-constraints";
import { plural } from "~/lib/format";
import { publicMeta } from "~/lib/seo";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { signDownloadLink } from "~/modules/library/resource-links.server";
import { resourceRequestPath } from "~/modules/library/resource-paths";
import { resourceRequestSchema } from "~/modules/library/resource-request-form";
import { RESOURCE_TYPE_LABELS } from "~/modules/library/resource-types";
import { getPublishedResource } from "~/modules/library/resources.server";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import type { RouteHandle } from "~/root";
import { assertSameOrigin } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import { handleResourceRequest, rememberedRequester } from "~/web/resource-request-action.server";
import type { Route } from "./+types/resource-download";
import { RequestAnswer, ResourceRequestForm } from "./resource-request-view";

/*
 * /resources/:slug/download, where "Download Now" leads: the request form (name, e-mail,
 * company). A visitor who asked before (the signed cookie) goes straight to a fresh signed link
 * instead, and nothing is stored: a GET changes nothing (decision 0020); the file route counts
 * the download. docs/decisions/0024-resource-downloads.md.
 */

/**
 * Per visitor (form token, the remembered visitor's redirect): never stored by the page cache.
 * It does not hydrate: the request form is an island posted in place (`post-in-place`, decision
 * 0073), the answer drawn by the server.
 */
export const handle: RouteHandle = { pageCache: false };

/** Never kept by a browser or proxy; the request's "asked once" cookie passes through. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const answer = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of actionHeaders.getSetCookie()) answer.append("Set-Cookie", cookie);
  return answer;
};

/** Why the visitor is here from a download link that did not work (the file route says). */
const LINK_PROBLEMS = {
  expired: {
    status: 410,
    text: "This download link has expired: links work for 7 days. Fill in the form to get a new one.",
  },
  invalid: {
    status: 403,
    text: "This download link is not valid. Fill in the form to get a working one.",
  },
} as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = runtimeFrom(context);
  const resource = await getPublishedResource(db, params.slug);
  if (!resource) throw data(null, { status: 404 });
  if (await rememberedRequester({ request, context })) {
    // A document redirect: the browser fetches the file itself and stays where it was.
    throw redirectDocument(signDownloadLink(config.authSecret, resource.slug).href, {
      headers: { "Cache-Control": "private, no-store" },
    });
  }
  const problem = new URL(request.url).searchParams.get("link");
  const linkProblem = problem === "expired" || problem === "invalid" ? problem : null;
  return data(
    {
      resource: {
        slug: resource.slug,
        title: resource.title,
        summary: resource.summary,
        typeLabel: RESOURCE_TYPE_LABELS[resource.type],
        category: resource.category,
        pageCount: resource.pageCount,
      },
      seo: await loadSeoMeta(db, "resource", resource.slug),
      linkProblem: linkProblem ? LINK_PROBLEMS[linkProblem].text : null,
      constraints: constraintsOf(resourceRequestSchema),
      formToken: issueFormToken(config.authSecret),
    },
    { status: linkProblem ? LINK_PROBLEMS[linkProblem].status : 200 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin({ request, context });
  const resource = await getPublishedResource(runtimeFrom(context).db, params.slug);
  if (!resource) throw data(null, { status: 404 });
  return handleResourceRequest({ request, context }, resource);
}

/*
 * After an in-place post, the page stays as the fetcher's answer draws it: loading it again would
 * find the new cookie and send the browser to the file a second time.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const resource = loaderData?.resource;
  if (!resource) return [];
  return publicMeta(matches, {
    title: `Download: ${resource.title}`,
    description: resource.summary,
    path: resourceRequestPath(resource.slug),
    noindex: true,
    seo: loaderData.seo,
    breadcrumbs: [
      { name: "Resources", path: "/resources" },
      { name: resource.title, path: resourceRequestPath(resource.slug) },
    ],
  });
};

export default function ResourceDownload({ loaderData, actionData }: Route.ComponentProps) {
  const { resource, linkProblem, constraints, formToken } = loaderData;
  const pages = `${resource.pageCount} ${plural(resource.pageCount, "page", "pages")}`;
  return (
    <>
      <PageHero eyebrow={resource.typeLabel} title={resource.title} subtitle={resource.summary} />
      <section aria-label="Request the download" className="bg-stone-100 py-16 sm:py-20">
        <div className="mx-auto max-w-2xl px-4 sm:px-6">
          <div
            id="resource-request"
            data-island="post-in-place"
            className="rounded-card bg-card p-6 shadow-sm sm:p-8"
          >
            {actionData?.status === "success" ? (
              <RequestAnswer answer={actionData} title={resource.title} startByRefresh />
            ) : (
              <>
                <h2 className="text-2xl font-semibold text-navy-950">Download Now</h2>
                <p className="mt-2 text-stone-600">
                  {resource.category} · {pages}. Tell us where to send it, and the download starts
                  at once.
                </p>
                {linkProblem ? (
                  <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
                    {linkProblem}
                  </p>
                ) : null}
                <div className="mt-6">
                  <ResourceRequestForm
                    slug={resource.slug}
                    title={resource.title}
                    constraints={constraints}
                    formToken={formToken}
                    failure={actionData}
                  />
                </div>
              </>
            )}
          </div>
          <p className="mt-6 text-center">
            <Link to="/resources" className="font-semibold text-navy-700 hover:text-navy-900">
              All resources
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
