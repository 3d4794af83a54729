import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Toaster } from "~/components/ui/toast";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import * as resourceNew from "~/routes/admin/resources.new";
import * as settings from "~/routes/admin/settings";
import * as users from "~/routes/admin/users";
import {
  BASE_URL,
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 22: a required <select> in the admin (a resource's type, the office's state, a new staff
 * member's role) starts with an empty placeholder option, as the HTML standard asks of a required
 * select shown as a drop-down (its "placeholder label option": the Nu HTML checker reports one
 * without it). So the first real option is never sent just because nobody looked at the field,
 * and an empty choice gets a message of its own from the server.
 */

interface RenderedSelect {
  name: string;
  required: boolean;
  /** The options' values, in order. */
  values: string[];
  /** The value the browser would send as the page loads. */
  chosen: string;
}

/** The admin layout's part that pages rely on: the Toaster around the page. */
function ToasterLayout() {
  return createElement(Toaster, null, createElement(Outlet));
}

/** The page as the server renders it (inside the admin's Toaster), from its loader's data. */
function renderPage(module: { default: unknown }, path: string, loaderData: unknown): string {
  const Stub = createRoutesStub([
    {
      id: "layout",
      Component: ToasterLayout,
      children: [{ id: "page", path, Component: module.default as ComponentType }],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: { loaderData: { page: loaderData } },
    }),
  );
}

function selectsOf(html: string): RenderedSelect[] {
  return [...html.matchAll(/<select([^>]*)>([\s\S]*?)<\/select>/g)].map(([, attributes, body]) => {
    const options = [...(body ?? "").matchAll(/<option([^>]*)>/g)].map(([, option]) => ({
      value: /value="([^"]*)"/.exec(option ?? "")?.[1] ?? "",
      selected: / selected=""/.test(option ?? ""),
    }));
    return {
      name: /name="([^"]*)"/.exec(attributes ?? "")?.[1] ?? "",
      required: / required=""/.test(attributes ?? ""),
      values: options.map((option) => option.value),
      chosen: (options.find((option) => option.selected) ?? options[0])?.value ?? "",
    };
  });
}

/**
 * The HTML standard's rule for a required, single-choice select without a `size` over 1: its
 * first option is a placeholder (empty value). What breaks it, as "name: first option".
 */
const withoutPlaceholder = (selects: RenderedSelect[]) =>
  selects
    .filter((select) => select.required && select.values[0] !== "")
    .map((select) => `${select.name}: ${select.values[0]}`);

describe.each(DIALECTS)("required choices in the admin's forms (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  const page = async (module: Parameters<RouteHarness["loader"]>[0], path: string) => {
    const out = await h.loader(module, h.get(path, { cookie: admin.cookie }));
    expect(out.status).toBe(200);
    return selectsOf(renderPage(module as { default: unknown }, path, out.data));
  };

  it("starts every required select with an empty choice; a new record has nothing chosen", async () => {
    const settingsSelects = await page(settings, "/admin/settings");
    const usersSelects = await page(users, "/admin/users");
    const resourceSelects = await page(resourceNew, "/admin/resources/new");
    const required = [...settingsSelects, ...usersSelects, ...resourceSelects].filter(
      (select) => select.required,
    );
    expect(required.map((select) => select.name).sort()).toEqual(["officeState", "role", "type"]);
    expect(withoutPlaceholder(required)).toEqual([]);
    // Nothing is taken for a choice on a new staff member or a new resource…
    expect(usersSelects.find((select) => select.required)?.chosen).toBe("");
    expect(resourceSelects.find((select) => select.name === "type")?.chosen).toBe("");
    // …and a saved setting still shows what was saved.
    expect(settingsSelects.find((select) => select.name === "officeState")?.chosen).toBe(
      DEFAULT_GENERAL_SETTINGS.officeState,
    );
  });

  it("answers an empty required choice with the field's own message", async () => {
    const {
      maintenanceMode: _maintenance,
      analyticsEnabled: _analytics,
      applicationRetentionMonths,
      activityLogRetentionDays,
      publicCountThreshold,
      ...text
    } = DEFAULT_GENERAL_SETTINGS;
    const settingsOut = await h.action(
      settings,
      h.post(
        "/admin/settings",
        {
          ...text,
          applicationRetentionMonths: String(applicationRetentionMonths),
          activityLogRetentionDays: String(activityLogRetentionDays),
          publicCountThreshold: String(publicCountThreshold),
          officeState: "",
        },
        { cookie: admin.cookie },
      ),
    );
    expect(settingsOut.status).toBe(400);
    expect(fieldMessage(settingsOut.data, "officeState")).toBe("Choose a state or union territory");

    const usersOut = await h.action(
      users,
      h.post(
        "/admin/users",
        {
          intent: "create",
          name: "Ravi Kumar",
          username: "ravi.k",
          email: "ravi@example.in",
          role: "",
          password: "a long enough first password",
          confirmPassword: "a long enough first password",
        },
        { cookie: admin.cookie },
      ),
    );
    expect(usersOut.status).toBe(400);
    expect(fieldMessage(usersOut.data, "role")).toBe("Choose a role");

    const form = new FormData();
    for (const [name, value] of Object.entries({
      type: "",
      title: "Salary Structure Toolkit",
      slug: "",
      summary: "Grades, pay ranges and progression rules.",
      category: "Compensation Benchmarking",
      pageCount: "20",
    })) {
      form.append(name, value);
    }
    form.append("file", new File([], "", { type: "application/octet-stream" }));
    const resourceOut = await h.action(
      resourceNew,
      new Request(h.url("/admin/resources/new"), {
        method: "POST",
        headers: { cookie: admin.cookie, origin: BASE_URL },
        body: form,
      }),
    );
    expect(resourceOut.status).toBe(400);
    expect(fieldMessage(resourceOut.data, "type")).toBe("Choose a resource type");
  });
});
