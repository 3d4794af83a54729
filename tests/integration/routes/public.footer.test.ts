import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FooterProps, SiteFooter } from "~/components/site/footer";
import type { SiteInfo } from "~/lib/seo";
import { publicSubscriberFigure } from "~/modules/newsletter/subscriber-figure.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import * as publicLayout from "~/routes/public/layout";
import { renderedText } from "../../support/render-route";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * The footer on every public page (issue 22 §4): its newsletter box claims a number of readers
 * only when it is true (confirmed subscribers, rounded down, from the threshold staff set in
 * Settings), and its LinkedIn link and the Organization's sameAs only name a profile staff set.
 */

type LayoutData = FooterProps & { site: SiteInfo; subscriberFigure: number | null };

describe.each(DIALECTS)("the footer's claims (%s)", (dialect) => {
  let h: RouteHarness;
  let added = 0;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** `count` more subscribers of the status. */
  async function addSubscribers(count: number, status = "subscribed") {
    const now = new Date().toISOString();
    const rows = Array.from({ length: count }, () => {
      const n = added++;
      return {
        id: `sub-${n}`,
        email: `reader${n}@example.com`,
        status,
        source: "footer",
        consentText: "Yes, send me the newsletter.",
        consentedAt: now,
        confirmedAt: status === "subscribed" ? now : null,
        unsubscribedAt: status === "unsubscribed" ? now : null,
        token: `token-${n}`,
        createdAt: now,
        updatedAt: now,
      };
    });
    for (let at = 0; at < rows.length; at += 500) {
      await h.db
        .insertInto("newsletterSubscribers")
        .values(rows.slice(at, at + 500))
        .execute();
    }
  }

  const layout = async () =>
    (
      await h.loader<LayoutData>(publicLayout, h.get("/"), {
        context: await h.publicContext(),
      })
    ).data;
  /** The footer as the layout renders it, as text. */
  const footerText = (data: LayoutData) =>
    renderedText(
      {
        default: () =>
          createElement(SiteFooter, {
            siteName: data.site.siteName,
            siteDescription: data.site.siteDescription,
            email: data.site.email,
            phone: data.site.phone,
            linkedinUrl: data.site.linkedinUrl,
            services: data.services,
            year: data.year,
            newsletterEmail: data.newsletterEmail,
            subscriberFigure: data.subscriberFigure,
          }),
      },
      "/",
      {},
    );

  it("claims no figure below the threshold, and a rounded-down real one from it", async () => {
    const shown = async () => {
      const data = await layout();
      return { figure: data.subscriberFigure, text: footerText(data) };
    };
    // Nobody yet (the threshold is 100 by default).
    let footer = await shown();
    expect(footer.figure).toBeNull();
    expect(footer.text).toContain("Join our newsletter");
    expect(footer.text).not.toMatch(/Join [\d,]+\+/);

    // Unconfirmed and unsubscribed addresses are no readers.
    await addSubscribers(99);
    await addSubscribers(300, "pending");
    await addSubscribers(300, "unsubscribed");
    expect((await shown()).figure).toBeNull();

    await addSubscribers(38);
    footer = await shown();
    expect(footer.figure).toBe(100);
    expect(footer.text).toContain("Join 100+ professionals");

    await addSubscribers(2_476);
    footer = await shown();
    expect(footer.figure).toBe(2_500);
    expect(footer.text).toContain("Join 2,500+ professionals");
    expect(footer.text).not.toContain("Join our newsletter");

    // The threshold is staff's: above the count, no figure again.
    await saveGeneralSettings(h.db, { ...DEFAULT_GENERAL_SETTINGS, publicCountThreshold: 5_000 });
    expect((await shown()).figure).toBeNull();
    await saveGeneralSettings(h.db, DEFAULT_GENERAL_SETTINGS);
  });

  it("rounds down to half of the figure's order of magnitude", async () => {
    // 2,613 confirmed subscribers from the test above.
    expect(await publicSubscriberFigure(h.db, 0)).toBe(2_500);
    await addSubscribers(12_345 - 2_613);
    expect(await publicSubscriberFigure(h.db, 0)).toBe(10_000);
  });

  it("links LinkedIn, and names it in the Organization data, only when staff set a profile", async () => {
    const organization = (data: LayoutData) => {
      const tags = publicLayout.meta({
        matches: [{ id: "routes/public/layout", loaderData: data }],
        error: undefined,
      } as never);
      return tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : []))[0] as
        | Record<string, unknown>
        | undefined;
    };
    // The settings' placeholder is LinkedIn's home page.
    let data = await layout();
    expect(data.site.linkedinUrl).toBe("https://www.linkedin.com/");
    expect(footerText(data)).not.toContain("LinkedIn");
    expect(organization(data)).toBeDefined();
    expect(organization(data)).not.toHaveProperty("sameAs");

    await saveGeneralSettings(h.db, {
      ...DEFAULT_GENERAL_SETTINGS,
      linkedinUrl: "https://www.linkedin.com/company/total-rewards-consulting",
    });
    data = await layout();
    expect(footerText(data)).toContain("LinkedIn");
    expect(organization(data)?.sameAs).toEqual([
      "https://www.linkedin.com/company/total-rewards-consulting",
    ]);
    await saveGeneralSettings(h.db, DEFAULT_GENERAL_SETTINGS);
  });
});
