import { useRouteLoaderData } from "react-router";
import { PUBLIC_LAYOUT_ID, type SiteInfo } from "~/lib/seo";

/**
 * The site's settings as the public layout's loader gives them (address, WhatsApp number, …),
 * for blocks placed in the footer and on pages without each page's loader passing them on.
 * Undefined outside the public layout.
 */
export function usePublicSite(): SiteInfo | undefined {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ID) as { site?: SiteInfo } | undefined;
  return data?.site;
}
