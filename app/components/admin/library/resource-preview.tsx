import { Panel } from "~/components/admin/page";
import { CaseStudyCard, FeaturedCard, WhitepaperCard } from "~/components/site/resource-cards";
import { resultLines } from "~/modules/library/resource.schema";
import type { Resource } from "~/modules/library/resource-types";
import type { PublicResource } from "~/modules/library/resources.server";

/*
 * How the resource's card will look on /resources, drawn by the public page's own cards:
 * guides, toolkits and reports as a featured card, whitepapers and case studies as theirs. The
 * preview is inert (seen, not used): its "Download Now" would lead to a request page that a
 * draft does not have yet.
 */

export function ResourcePreview({ resource }: { resource: Resource }) {
  const card: PublicResource = {
    ...resource,
    results: resultLines(resource.results),
    // Counts show only above the admin's threshold; a preview shows none.
    downloads: null,
  };
  return (
    <Panel title="Preview" className="bg-slate-50">
      <p className="mb-4 text-sm text-slate-700">
        How the card shows on the Resources page once published (as last saved).
      </p>
      <ul inert className="max-w-md">
        {card.type === "whitepaper" ? (
          <WhitepaperCard paper={card} />
        ) : card.type === "case-study" ? (
          <CaseStudyCard study={card} />
        ) : (
          <FeaturedCard resource={card} />
        )}
      </ul>
    </Panel>
  );
}
