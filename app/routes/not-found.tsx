import { data } from "react-router";
import { NotFoundView } from "~/components/site/not-found-view";
import { publicMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

/** Any path no other route claims: "Page Not Found" inside the public layout, status 404. */
export const loader = () => data(null, { status: 404 });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  publicMeta(matches, {
    title: "Page Not Found",
    description: "The page you are looking for might have been moved or no longer exists.",
    path: location.pathname,
    noindex: true,
  });

export default function NotFound() {
  return <NotFoundView />;
}
