import { Link } from "react-router";
import { ArrowRightIcon } from "~/components/site/icons";
import { card, container, PageHero, sectionY } from "~/components/site/ui";
import { publicMeta } from "~/lib/seo";
import { CALCULATORS, calculatorPath, TOOLS_PATH } from "~/modules/calculators/catalogue";
import type { Route } from "./+types/tools";

/*
 * /tools: the free calculators (modules/calculators/catalogue.ts). The same for every visitor,
 * so the page cache stores it.
 */

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Free pay calculators",
    description:
      "Free calculators for Indian pay: CTC to in-hand salary under the new and old tax regime, with the rules and their sources.",
    path: TOOLS_PATH,
    breadcrumbs: [{ name: "Tools", path: TOOLS_PATH }],
  });

export default function Tools() {
  return (
    <>
      <PageHero
        eyebrow="Free tools"
        title="Pay calculators for India"
        subtitle="Accurate, free and without advertising: each calculator shows its working and the law it follows, and sends you the breakdown as a PDF if you ask."
      />
      <section aria-label="Calculators" className={sectionY}>
        <ul className={`${container} grid gap-6 md:grid-cols-2 lg:grid-cols-3`}>
          {CALCULATORS.map((entry) => (
            <li key={entry.slug} className={`${card} flex flex-col p-6`}>
              <h2 className="text-xl font-semibold text-navy-950">
                <Link to={calculatorPath(entry.slug)} className="hover:text-navy-700">
                  {entry.name}
                </Link>
              </h2>
              <p className="mt-3 flex-1 text-stone-700">{entry.summary}</p>
              <Link
                to={calculatorPath(entry.slug)}
                className="mt-6 inline-flex items-center gap-2 font-semibold text-navy-700 hover:text-navy-900"
              >
                Open the calculator<span className="sr-only">: {entry.name}</span>
                <ArrowRightIcon className="h-5 w-5" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
