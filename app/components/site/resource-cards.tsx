import { Link } from "react-router";
import { ArticleByline, ArticleCardTop } from "~/components/site/article-parts";
import { ArrowRightIcon, CheckIcon, DownloadIcon, FileIcon } from "~/components/site/icons";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { primaryButton } from "~/components/site/ui";
import { plural } from "~/lib/format";
import type { ArticleSummary } from "~/modules/library/articles.server";
import { resourceRequestPath } from "~/modules/library/resource-paths";
import { RESOURCE_TYPE_LABELS } from "~/modules/library/resource-types";
import type { PublicResource } from "~/modules/library/resources.server";
import type { ImageData } from "~/modules/media/media-image";

/*
 * The cards of the Resources page: featured resources, whitepapers, case studies and the latest
 * articles. Every "Download Now" (or "Request …") leads to the resource's request page.
 */

const pagesText = (count: number) => `${count} ${plural(count, "page", "pages")}`;
/** "3,200 downloads", grouped as in India. */
const downloadsText = (count: number) =>
  `${count.toLocaleString("en-IN")} ${plural(count, "download", "downloads")}`;

const textLink = "inline-flex items-center gap-1 font-semibold text-navy-700 hover:text-navy-900";

export function FeaturedCard({ resource }: { resource: PublicResource }) {
  return (
    <li
      data-reveal=""
      className="flex flex-col rounded-card border border-stone-200 bg-card p-6 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="rounded-full bg-marigold-100 px-3 py-1 font-semibold text-navy-900">
          {RESOURCE_TYPE_LABELS[resource.type]}
        </span>
        <span className="text-stone-600">{resource.category}</span>
      </div>
      <h3 className="mt-5 text-xl font-semibold text-navy-950">{resource.title}</h3>
      <p className="mt-3 flex-1 text-stone-600">{resource.summary}</p>
      <p className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm text-stone-600">
        {resource.downloads !== null ? (
          <span className="inline-flex items-center gap-1.5">
            <DownloadIcon className="h-4 w-4" />
            {downloadsText(resource.downloads)}
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1.5">
          <FileIcon className="h-4 w-4" />
          {pagesText(resource.pageCount)}
        </span>
      </p>
      <Link to={resourceRequestPath(resource.slug)} className={`${primaryButton} mt-6`}>
        <DownloadIcon className="h-5 w-5" />
        Download Now<span className="sr-only">: {resource.title}</span>
      </Link>
    </li>
  );
}

export function ArticleCard({ article }: { article: ArticleSummary & { image?: ImageData } }) {
  return (
    <li data-reveal="" className="rounded-card bg-card p-6 shadow-sm">
      <article>
        {article.image ? (
          <ResponsiveImage
            image={article.image}
            sizes="(min-width: 768px) 45vw, 100vw"
            className="mb-5 aspect-[16/9] h-auto w-full rounded-control object-cover"
          />
        ) : null}
        <ArticleCardTop article={article} />
        <h3 className="mt-3 text-xl font-semibold text-navy-950">
          <Link to={`/insights/${article.slug}`} className="hover:text-navy-800 hover:underline">
            {article.title}
          </Link>
        </h3>
        <p className="mt-3 text-stone-600">{article.summary}</p>
        <ArticleByline article={article} />
      </article>
    </li>
  );
}

export function WhitepaperCard({ paper }: { paper: PublicResource }) {
  return (
    <li data-reveal="" className="flex gap-5 rounded-card border border-stone-200 bg-card p-6">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-navy-900 text-paper">
        <FileIcon />
      </span>
      <div className="flex flex-1 flex-col">
        <p className="text-sm text-stone-600">
          {paper.category} · {pagesText(paper.pageCount)}
          {paper.downloads !== null ? ` · ${downloadsText(paper.downloads)}` : ""}
        </p>
        <h3 className="mt-1 text-lg font-semibold text-navy-950">{paper.title}</h3>
        <p className="mt-2 text-stone-600">{paper.summary}</p>
        <Link to={resourceRequestPath(paper.slug)} className={`${textLink} mt-4`}>
          Request Whitepaper<span className="sr-only">: {paper.title}</span>
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </div>
    </li>
  );
}

export function CaseStudyCard({ study }: { study: PublicResource }) {
  return (
    <li data-reveal="" className="flex flex-col rounded-card bg-card p-6 shadow-sm">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="rounded-full bg-marigold-100 px-3 py-1 font-semibold text-navy-900">
          {study.industry}
        </span>
        <span className="inline-flex items-center gap-1.5 text-stone-600">
          <FileIcon className="h-4 w-4" />
          {pagesText(study.pageCount)}
        </span>
      </div>
      <h3 className="mt-4 text-xl font-semibold text-navy-950">{study.company}</h3>
      <dl className="mt-4 flex-1 space-y-4 text-sm leading-6">
        <div>
          <dt className="font-semibold text-navy-950">Challenge</dt>
          <dd className="text-stone-600">{study.challenge}</dd>
        </div>
        <div>
          <dt className="font-semibold text-navy-950">Solution</dt>
          <dd className="text-stone-600">{study.solution}</dd>
        </div>
        <div>
          <dt className="font-semibold text-navy-950">Results</dt>
          <dd>
            <ul className="mt-1 space-y-2">
              {study.results.map((result) => (
                <li key={result} className="flex gap-2 text-stone-700">
                  <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
                  {result}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      {study.downloads !== null ? (
        <p className="mt-4 text-sm text-stone-600">{downloadsText(study.downloads)}</p>
      ) : null}
      <Link to={resourceRequestPath(study.slug)} className={`${textLink} mt-6`}>
        Request the Full Case Study
        <span className="sr-only">: {study.company}</span>
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </li>
  );
}
