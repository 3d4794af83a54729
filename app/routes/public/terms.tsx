import { LegalPage } from "~/components/site/legal-page";
import { publicMeta } from "~/lib/seo";
import { TERMS } from "~/modules/pages/legal.text";
import { siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/terms";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = context.get(siteSettingsContext);
  return { values: { siteName: settings.siteName, email: settings.email, phone: settings.phone } };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Terms of Service",
    description:
      "The terms that govern the use of our website: acceptable use, content, intellectual property, liability, notice of changes and Indian governing law.",
    path: "/terms",
    breadcrumbs: [{ name: "Terms of Service", path: "/terms" }],
  });

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={TERMS} values={loaderData.values} />;
}
