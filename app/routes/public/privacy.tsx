import { LegalPage } from "~/components/site/legal-page";
import { publicMeta } from "~/lib/seo";
import { PRIVACY, retentionPeriod } from "~/modules/pages/legal.text";
import { privacyAddressOf } from "~/modules/settings/settings.schema";
import { siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = context.get(siteSettingsContext);
  return {
    values: {
      siteName: settings.siteName,
      email: settings.email,
      phone: settings.phone,
      privacyEmail: privacyAddressOf(settings),
      applicationRetention: retentionPeriod(settings.applicationRetentionMonths),
    },
  };
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
  return <LegalPage document={PRIVACY} values={loaderData.values} />;
}
