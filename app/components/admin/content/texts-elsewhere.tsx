import { Link } from "react-router";
import { Panel } from "~/components/admin/page";
import type { PageKey } from "~/modules/pages/page.schema";
import { HERO_PAGE_LABELS, type HeroPageKey } from "~/modules/pages/page-heroes";

/*
 * On Content, a page that has a hero picture to choose but no texts to edit here (Insights,
 * Book) says where what it shows comes from, instead of an empty editor.
 */

type PageWithoutTexts = Exclude<HeroPageKey, PageKey>;

const TEXTS_ELSEWHERE: Record<PageWithoutTexts, { text: string; href: string; link: string }> = {
  insights: {
    text: "The Insights page lists the published articles; its heading is fixed.",
    href: "/admin/insights",
    link: "Manage the articles in Insights",
  },
  book: {
    text: "The booking page offers the free times of the consultants' availability; its heading is fixed.",
    href: "/admin/bookings/availability",
    link: "Set the availability in Bookings",
  },
};

export function TextsElsewhere({ page }: { page: PageWithoutTexts }) {
  const { text, href, link } = TEXTS_ELSEWHERE[page];
  return (
    <Panel title={`${HERO_PAGE_LABELS[page]} page`}>
      <p className="text-sm text-slate-700">{text}</p>
      <p className="mt-3 text-sm">
        <Link to={href} className="font-medium text-blue-800 underline">
          {link}
        </Link>
      </p>
    </Panel>
  );
}
