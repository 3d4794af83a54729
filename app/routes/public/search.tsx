import { Form, Link } from "react-router";
import { card, container, PageHero, sectionY } from "~/components/site/ui";
import { countOf } from "~/lib/format";
import { publicMeta } from "~/lib/seo";
import { MAX_QUERY_LENGTH, SEARCH_PAGE_SIZE } from "~/modules/search/search-query";
import { type SnippetPiece, searchSite } from "~/modules/search/site-search.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/search";

/*
 * /search?q= (issue 29, decision 0058): the site's articles, resources, services, job openings
 * and calculators, ranked by the database's own full-text engine, with the matched words marked.
 * A GET form, so it works without JavaScript. A page with a query is rendered per request: the
 * page cache stores no address with a query other than tracking parameters
 * (server/page-cache/request-key.ts); the empty page is the same for everyone and is stored.
 */

const KIND_LABELS = {
  article: "Article",
  resource: "Resource",
  service: "Service",
  posting: "Job opening",
  tool: "Calculator",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  const page = Math.max(
    1,
    Math.min(50, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1),
  );
  if (!query.trim()) return { query: "", page: 1, answer: undefined };
  const answer = await searchSite(runtimeFrom(context).db, query, {
    limit: SEARCH_PAGE_SIZE,
    offset: (page - 1) * SEARCH_PAGE_SIZE,
  });
  return { query, page, answer };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicMeta(matches, {
    title: loaderData?.query ? `Search: ${loaderData.query}` : "Search",
    description: "Search the articles, resources, services, job openings and free calculators.",
    path: "/search",
    // Result pages are for visitors, not for search engines.
    noindex: Boolean(loaderData?.query),
  });

function Marked({ pieces }: { pieces: SnippetPiece[] }) {
  return (
    <>
      {pieces.map((piece, at) =>
        piece.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces have no identity but their place
          <mark key={at} className="rounded-sm bg-marigold-100 px-0.5 text-navy-950">
            {piece.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={at}>{piece.text}</span>
        ),
      )}
    </>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, page, answer } = loaderData;
  const pageCount = answer ? Math.ceil(answer.total / SEARCH_PAGE_SIZE) : 0;
  const pageLink = (to: number) => `/search?${new URLSearchParams({ q: query, page: String(to) })}`;
  return (
    <>
      <PageHero
        eyebrow="Search"
        title="Search the site"
        subtitle="Articles, resources, services, job openings and free calculators."
      />
      <section aria-labelledby="search-results-heading" className={sectionY}>
        <div className={`${container} max-w-3xl`}>
          <Form
            method="get"
            action="/search"
            role="search"
            aria-label="Site"
            className="flex gap-2"
          >
            <label htmlFor="search-q" className="sr-only">
              Search for
            </label>
            <input
              id="search-q"
              type="search"
              name="q"
              required
              defaultValue={query}
              key={query}
              maxLength={MAX_QUERY_LENGTH}
              className="min-w-0 flex-1 rounded-control border border-stone-300 bg-card px-3 py-2 text-base text-stone-900"
            />
            <button
              type="submit"
              className="rounded-control bg-navy-900 px-4 py-2 font-semibold text-paper hover:bg-navy-700"
            >
              Search
            </button>
          </Form>
          <h2 id="search-results-heading" className="mt-10 text-xl font-semibold text-navy-950">
            {answer
              ? answer.total === 0
                ? `Nothing found for “${query}”`
                : `${countOf(answer.total, "result", "results")} for “${query}”`
              : "What are you looking for?"}
          </h2>
          {answer && answer.total === 0 ? (
            <p className="mt-3 text-stone-700">
              Try other or fewer words, or browse the{" "}
              <Link className="font-semibold text-navy-700 underline" to="/insights">
                insights
              </Link>{" "}
              and{" "}
              <Link className="font-semibold text-navy-700 underline" to="/resources">
                resources
              </Link>
              .
            </p>
          ) : null}
          {answer && answer.results.length > 0 ? (
            <ol className="mt-6 space-y-4">
              {answer.results.map((result) => (
                <li key={result.path} className={`${card} p-5`}>
                  <p className="text-sm font-semibold uppercase tracking-wide text-stone-600">
                    {KIND_LABELS[result.kind]}
                  </p>
                  <h3 className="mt-1 text-lg font-semibold text-navy-950">
                    <Link to={result.path} className="underline-offset-4 hover:underline">
                      <Marked pieces={result.title} />
                    </Link>
                  </h3>
                  {result.snippet.length > 0 ? (
                    <p className="mt-2 text-stone-700">
                      <Marked pieces={result.snippet} />
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
          {pageCount > 1 ? (
            <nav aria-label="Result pages" className="mt-8 flex justify-between gap-4">
              {page > 1 ? (
                <Link className="font-semibold text-navy-700 underline" to={pageLink(page - 1)}>
                  Previous results
                </Link>
              ) : (
                <span />
              )}
              {page < pageCount ? (
                <Link className="font-semibold text-navy-700 underline" to={pageLink(page + 1)}>
                  More results
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </section>
    </>
  );
}
