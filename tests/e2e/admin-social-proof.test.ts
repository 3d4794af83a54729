import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProofKind } from "~/modules/proof/proof.schema";
import { runAxe } from "../support/axe";
import { waitForAdminHydration } from "../support/browser";
import { PROOF_SAMPLES } from "../support/proof-samples";
import type { TestServer } from "../support/server";
import { openAsEditor, publicHtml, toast } from "./admin-content-kit";
import { htmlErrors } from "./public-measure";
import { waitForHydration } from "./public-support";

/*
 * Social proof as an editor manages it (issue 14): the empty states, adding a testimonial, a
 * client logo, a results figure and a team member, each on its public page right after saving,
 * the pages with every section shown clean for axe, and unpublishing taking each off again.
 */

/** Each kind's form as the editor fills it in (label → value), its card's name and its page. */
const KINDS: {
  kind: ProofKind;
  noun: string;
  empty: string | null;
  fields: Record<string, string>;
  title: string;
  publicPath: string;
}[] = [
  {
    kind: "testimonials",
    noun: "testimonial",
    empty: "No testimonials yet.",
    fields: {
      Quote: PROOF_SAMPLES.testimonials.form.quote ?? "",
      Name: "Priya Sharma",
      Role: "Chief People Officer",
      Company: "Kaveri Fintech",
      "Case study link": "https://example.in/case-studies/kaveri",
    },
    title: "Priya Sharma",
    publicPath: "/services",
  },
  {
    kind: "client-logos",
    noun: "client logo",
    empty: "No client logos yet.",
    fields: { "Client name": "Godavari Health" },
    title: "Godavari Health",
    publicPath: "/",
  },
  {
    kind: "results",
    noun: "results figure",
    empty: "No results figures yet.",
    fields: {
      Figure: "40%",
      Label: "lower attrition in 12 months",
      "Client or industry": "Series B fintech",
    },
    title: "40% lower attrition in 12 months",
    publicPath: "/",
  },
  {
    kind: "team",
    // A fresh install has the two partners, so the team tab has no empty state.
    noun: "team member",
    empty: null,
    fields: {
      Name: "Meera Iyer",
      Role: "Principal, Executive Compensation",
      "Short bio": PROOF_SAMPLES.team.form.bio ?? "",
      "LinkedIn address": "https://www.linkedin.com/in/meera-iyer",
    },
    title: "Meera Iyer",
    publicPath: "/about",
  },
];

const capitalised = (noun: string) => `${noun[0]?.toUpperCase()}${noun.slice(1)}`;

describe("social proof in the admin", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser, page } = await openAsEditor());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shownOn = async (path: string, text: string) =>
    (await publicHtml(server, path)).includes(text);

  it("adds each kind after its empty state; each shows on its public page at once", async () => {
    for (const item of KINDS) {
      await page.goto(`${server.url}/admin/social-proof/${item.kind}`);
      await waitForAdminHydration(page);
      if (item.empty) await page.getByText(item.empty).waitFor();
      expect(await shownOn(item.publicPath, item.title.replace("40% ", ""))).toBe(false);

      await page
        .getByRole("link", { name: `Add ${item.noun}` })
        .first()
        .click();
      for (const [label, value] of Object.entries(item.fields)) {
        await page.getByLabel(label, { exact: true }).fill(value);
      }
      await page.getByRole("button", { name: `Add ${item.noun}` }).click();
      await toast(page, `${capitalised(item.noun)} added.`).waitFor();
      await page.getByRole("heading", { name: item.title, exact: true }).waitFor();
      expect(await shownOn(item.publicPath, item.title.replace("40% ", ""))).toBe(true);
    }
    expect(await shownOn("/", "What Our Clients Say")).toBe(true);
    expect(await shownOn("/services", "Godavari Health")).toBe(true);
  });

  it("has valid HTML and no axe violation on the home and About pages with every section shown", async () => {
    for (const path of ["/", "/services", "/about"]) {
      expect(await htmlErrors(await publicHtml(server, path), path)).toEqual([]);
    }
    for (const width of [1280, 360]) {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        reducedMotion: "reduce",
        serviceWorkers: "block",
      });
      const visitor = await context.newPage();
      for (const path of ["/", "/about"]) {
        await visitor.goto(`${server.url}${path}`);
        await waitForHydration(visitor);
        if (path === "/") {
          await visitor.getByRole("heading", { name: "Results for our clients" }).waitFor();
          await visitor.getByRole("heading", { name: "Trusted by growing companies" }).waitFor();
        } else {
          await visitor.getByRole("link", { name: "Meera Iyer on LinkedIn" }).waitFor();
        }
        expect(await runAxe(visitor), `${path} at ${width} px`).toEqual([]);
      }
      await context.close();
    }
  });

  it("unpublishing each takes it off its public page, and the last one its whole section", async () => {
    for (const item of KINDS) {
      await page.goto(`${server.url}/admin/social-proof/${item.kind}`);
      await waitForAdminHydration(page);
      await page.getByRole("button", { name: `Unpublish ${item.title}` }).click();
      await toast(
        page,
        `${capitalised(item.noun)} unpublished: it no longer shows on the site.`,
      ).waitFor();
      await page.getByRole("button", { name: `Publish ${item.title}` }).waitFor();
      expect(await shownOn(item.publicPath, item.title.replace("40% ", ""))).toBe(false);
    }
    const home = await publicHtml(server, "/");
    expect(home).not.toContain("What Our Clients Say");
    expect(home).not.toContain("Results for our clients");
    expect(home).not.toContain("Trusted by growing companies");
  });
});
