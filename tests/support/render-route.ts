import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { Toaster } from "~/components/ui/toast";

/*
 * A route's page rendered on the server from its loader's data, as the text a person reads
 * (tags dropped, the choices of select boxes left out, entities decoded), inside the admin's
 * Toaster as the admin layout renders it. Lets a route test check wording that only the
 * component writes, without a browser.
 */
/** The admin layout's part that pages rely on: the Toaster around the page. */
function ToasterLayout() {
  return createElement(Toaster, null, createElement(Outlet));
}

export function renderedText(
  module: { default: unknown },
  path: string,
  loaderData: unknown,
): string {
  const routePath = new URL(path, "http://x").pathname;
  const Stub = createRoutesStub([
    {
      id: "layout",
      Component: ToasterLayout,
      children: [{ id: "page", path: routePath, Component: module.default as ComponentType }],
    },
  ]);
  const html = renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: { loaderData: { page: loaderData } },
    }),
  );
  return html
    .replace(/<select[^>]*>[\s\S]*?<\/select>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
