import { data, Link } from "react-router";
import { LegalPage } from "~/components/site/legal-page";
import { publicMeta } from "~/lib/seo";
import { currentNoticeVersion, noticeByVersion } from "~/modules/privacy/notice.server";
import { runtimeFrom, siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/privacy.versions.$version";
import { filledNoticeOf } from "./privacy-page.server";

/* One published version of the privacy notice, kept readable (decision 0061). */

export async function loader({ context, params }: Route.LoaderArgs) {
  const settings = context.get(siteSettingsContext);
  const { db } = runtimeFrom(context);
  const number = /^\d{1,9}$/.test(params.version) ? Number(params.version) : Number.NaN;
  const notice = await noticeByVersion(db, number);
  if (!notice) throw data("Not found", { status: 404 });
  return {
    ...filledNoticeOf(notice, settings),
    inForce: (await currentNoticeVersion(db)) === notice.version,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicMeta(matches, {
    title: `Privacy Policy, version ${loaderData?.notice.version ?? ""}`,
    description: "A published version of our privacy notice, kept for reference.",
    noindex: true,
    path: `/privacy/versions/${loaderData?.notice.version ?? ""}`,
    breadcrumbs: [
      { name: "Privacy Policy", path: "/privacy" },
      {
        name: `Version ${loaderData?.notice.version ?? ""}`,
        path: `/privacy/versions/${loaderData?.notice.version ?? ""}`,
      },
    ],
  });

export default function PrivacyVersion({ loaderData }: Route.ComponentProps) {
  const { notice, inForce, values } = loaderData;
  return (
    <LegalPage
      document={{
        ...notice.document,
        lastUpdated: notice.publishedAt.slice(0, 10),
      }}
      values={values}
      version={notice.version}
    >
      <p className="mb-8 rounded-card border border-stone-200 bg-stone-50 p-4 text-stone-700">
        {inForce
          ? "This is the version in force."
          : "This is an earlier version, no longer in force."}{" "}
        <Link className="text-navy-700 underline" to="/privacy">
          Read the version in force
        </Link>
        .
      </p>
    </LegalPage>
  );
}
