import { Link } from "react-router";
import { LegalPage } from "~/components/site/legal-page";
import { publicMeta } from "~/lib/seo";
import { runtimeFrom, siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/privacy";
import { privacyPageData } from "./privacy-page.server";

/*
 * The privacy notice in force (DPDP Act 2023 s.5; Rules 2025 r.3): the latest published version,
 * with its number and date, and links to the earlier ones (decision 0061). Publishing a version
 * is a public change, so the page cache keeps this page.
 */

export async function loader({ context }: Route.LoaderArgs) {
  return privacyPageData(runtimeFrom(context).db, context.get(siteSettingsContext));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Privacy Policy",
    description:
      "What personal data our website collects, why, how long we keep it, how we protect it and your rights under Indian data protection law.",
    path: "/privacy",
    breadcrumbs: [{ name: "Privacy Policy", path: "/privacy" }],
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { notice, earlier, values } = loaderData;
  return (
    <LegalPage
      document={{
        ...notice.document,
        lastUpdated: notice.publishedAt.slice(0, 10),
      }}
      values={values}
      version={notice.version}
    >
      {/* The means of exercising the rights, published with the notice (Rules 2025 r.14(1)). */}
      <p className="mb-6 rounded-card border border-stone-200 bg-stone-50 p-4 text-stone-800">
        To see, correct or erase the data we hold about you, or to name a nominee, use{" "}
        <Link className="font-medium text-navy-700 underline" to="/privacy/requests">
          your data rights page
        </Link>
        .
      </p>
      {earlier.length > 0 && (
        <details className="mb-8 rounded-card border border-stone-200 p-4 text-sm text-stone-700">
          <summary className="cursor-pointer font-semibold text-navy-950">Earlier versions</summary>
          <ul className="mt-2 space-y-1">
            {earlier.map((v) => (
              <li key={v.version}>
                <Link className="text-navy-700 underline" to={`/privacy/versions/${v.version}`}>
                  Version {v.version}
                </Link>{" "}
                (published {v.publishedAt.slice(0, 10)})
              </li>
            ))}
          </ul>
        </details>
      )}
    </LegalPage>
  );
}
