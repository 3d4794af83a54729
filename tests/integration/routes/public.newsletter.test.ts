import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_MESSAGES } from "~/modules/newsletter/newsletter-form";
import * as apiNewsletter from "~/routes/leads/api.newsletter";
import * as confirm from "~/routes/newsletter/confirm";
import * as subscribePage from "~/routes/newsletter/subscribe";
import * as unsubscribe from "~/routes/newsletter/unsubscribe";
import {
  BASE_URL,
  createRouteHarness,
  type RouteHarness,
  textOf,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { storedRecords } from "./public-fixture";

/* The newsletter's routes: sign-up with and without JavaScript, confirmation, unsubscribing. */

describe.each(DIALECTS)("the public site (%s)", (dialect) => {
  let h: RouteHarness;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  const { subscriberOf } = storedRecords(() => h);

  describe("the newsletter", () => {
    it("without JavaScript, sends the visitor back to the page with the result", async () => {
      const out = await h.action(
        subscribePage,
        h.post("/newsletter", {
          email: "  Footer.Reader@Example.com ",
          source: "footer",
          returnTo: "/about",
          formId: "footer-newsletter",
        }),
      );
      expect(out.status).toBe(303);
      const target = new URL(out.location, BASE_URL);
      expect(target.pathname).toBe("/about");
      expect(target.hash).toBe("#footer-newsletter");
      expect(target.search).toContain("subscribed");
      const subscriber = await subscriberOf("footer.reader@example.com");
      expect(subscriber).toMatchObject({
        status: "subscribed",
        source: "footer:/about",
        consentText: NEWSLETTER_CONSENT_TEXT,
      });
      expect(Date.parse(subscriber!.consentedAt)).toBeGreaterThan(Date.now() - 60_000);
    });

    it("shows a bad address again with its message when it was posted without JavaScript", async () => {
      const out = await h.action<{ result: unknown; email: string; returnTo: string }>(
        subscribePage,
        h.post("/newsletter", {
          email: "not-an-address",
          source: "footer",
          returnTo: "/services",
          formId: "footer-newsletter",
        }),
      );
      expect(out.status).toBe(400);
      expect(textOf(out.data.result)).toContain("Enter a valid email address");
      expect(out.data.email).toBe("not-an-address");
      expect(out.data.returnTo).toBe("/services");
    });

    it("answers the JSON endpoint once per address, whatever its case", async () => {
      const post = (email: string) =>
        h.action(
          apiNewsletter,
          h.post("/api/newsletter", { email, source: "resources", returnTo: "/resources" }),
        );
      const first = await post("js.reader@example.com");
      expect(first.status).toBe(200);
      expect(textOf(first.data)).toContain(NEWSLETTER_MESSAGES.subscribed);
      expect((await subscriberOf("js.reader@example.com"))?.source).toBe("resources:/resources");
      const again = await post("JS.Reader@example.com");
      expect(textOf(again.data)).toContain(NEWSLETTER_MESSAGES.subscribed);
      const rows = await h.db
        .selectFrom("newsletterSubscribers")
        .select("id")
        .where("email", "=", "js.reader@example.com")
        .execute();
      expect(rows).toHaveLength(1);
      expect((await h.loader(apiNewsletter, h.get("/api/newsletter"))).status).toBe(405);
    });

    const signedUp = async (email: string, confirmed: boolean) =>
      (
        await subscribe(h.db, {
          email,
          source: "footer:/",
          consentText: NEWSLETTER_CONSENT_TEXT,
          confirmed,
        })
      ).subscriber;
    /** A form post from another site: what a page elsewhere sends when it posts our form. */
    const crossSite = {
      origin: "https://evil.example",
      headers: { "sec-fetch-site": "cross-site" },
    };

    it("opening the confirmation link changes nothing; pressing its button confirms, once", async () => {
      const subscriber = await signedUp("pending@example.com", false);
      const link = `/newsletter/confirm?token=${subscriber.token}`;
      // Mail scanners and link previews open links: two GETs leave the sign-up pending.
      for (let i = 0; i < 2; i++) {
        const opened = await h.loader<{ state: string; email: string }>(confirm, h.get(link));
        expect(opened.status).toBe(200);
        expect(opened.data).toMatchObject({ state: "pending", email: "pending@example.com" });
      }
      expect(await subscriberOf("pending@example.com")).toEqual(subscriber);

      const pressed = await h.action<{ state: string }>(confirm, h.post(link));
      expect(pressed.status).toBe(200);
      expect(pressed.data.state).toBe("confirmed");
      const confirmed = await subscriberOf("pending@example.com");
      expect(confirmed?.status).toBe("subscribed");
      expect(confirmed?.confirmedAt).toBeTruthy();

      const again = await h.action<{ state: string }>(confirm, h.post(link));
      expect(again.data.state).toBe("already_confirmed");
      expect((await h.loader<{ state: string }>(confirm, h.get(link))).data.state).toBe(
        "already_confirmed",
      );
      expect((await subscriberOf("pending@example.com"))?.confirmedAt).toBe(confirmed?.confirmedAt);
    });

    it("refuses an unknown confirmation link, and a confirmation posted from another site", async () => {
      const unknownGet = await h.loader<{ state: string }>(
        confirm,
        h.get("/newsletter/confirm?token=x"),
      );
      expect(unknownGet.status).toBe(404);
      expect(unknownGet.data.state).toBe("invalid");
      const unknownPost = await h.action<{ state: string }>(
        confirm,
        h.post("/newsletter/confirm?token=x"),
      );
      expect(unknownPost.status).toBe(404);
      expect(unknownPost.data.state).toBe("invalid");

      const subscriber = await signedUp("crosssite@example.com", false);
      const link = `/newsletter/confirm?token=${subscriber.token}`;
      const forged = await h.action(confirm, h.post(link, {}, crossSite));
      expect(forged.status).toBe(403);
      expect((await subscriberOf("crosssite@example.com"))?.status).toBe("pending");
      // The one-click unsubscribe body does not make a confirmation acceptable from elsewhere.
      const oneClickLike = await h.action(
        confirm,
        h.post(link, { "List-Unsubscribe": "One-Click" }, crossSite),
      );
      expect(oneClickLike.status).toBe(403);
      expect((await subscriberOf("crosssite@example.com"))?.status).toBe("pending");
    });

    it("an old confirmation link does not subscribe an address that has left", async () => {
      const subscriber = await signedUp("gone@example.com", true);
      await h.action(unsubscribe, h.post(`/newsletter/unsubscribe?token=${subscriber.token}`));
      const link = `/newsletter/confirm?token=${subscriber.token}`;
      expect((await h.loader<{ state: string }>(confirm, h.get(link))).data.state).toBe(
        "unsubscribed",
      );
      expect((await h.action<{ state: string }>(confirm, h.post(link))).data.state).toBe(
        "unsubscribed",
      );
      expect((await subscriberOf("gone@example.com"))?.status).toBe("unsubscribed");
    });

    it("opening the unsubscribe link changes nothing; pressing its button unsubscribes, once", async () => {
      const subscriber = await signedUp("leaver@example.com", true);
      const link = `/newsletter/unsubscribe?token=${subscriber.token}`;
      for (let i = 0; i < 2; i++) {
        const opened = await h.loader<{ state: string; email: string }>(unsubscribe, h.get(link));
        expect(opened.status).toBe(200);
        expect(opened.data).toMatchObject({ state: "subscribed", email: "leaver@example.com" });
      }
      expect(await subscriberOf("leaver@example.com")).toEqual(subscriber);

      const forged = await h.action(unsubscribe, h.post(link, {}, crossSite));
      expect(forged.status).toBe(403);
      expect((await subscriberOf("leaver@example.com"))?.status).toBe("subscribed");

      const pressed = await h.action<{ state: string }>(unsubscribe, h.post(link));
      expect(pressed.status).toBe(200);
      expect(pressed.data.state).toBe("unsubscribed");
      const left = await subscriberOf("leaver@example.com");
      expect(left?.status).toBe("unsubscribed");
      const again = await h.action<{ state: string }>(unsubscribe, h.post(link));
      expect(again.data.state).toBe("already_unsubscribed");
      expect((await h.loader<{ state: string }>(unsubscribe, h.get(link))).data.state).toBe(
        "already_unsubscribed",
      );
      expect((await subscriberOf("leaver@example.com"))?.unsubscribedAt).toBe(left?.unsubscribedAt);

      const unknown = await h.loader<{ state: string }>(
        unsubscribe,
        h.get("/newsletter/unsubscribe?token=nope"),
      );
      expect(unknown.status).toBe(404);
      expect(unknown.data.state).toBe("invalid");
    });

    it("unsubscribes by the mail program's one-click POST (RFC 8058), which comes from elsewhere", async () => {
      const subscriber = await signedUp("one.click@example.com", true);
      const link = `/newsletter/unsubscribe?token=${subscriber.token}`;
      // Mail providers post "List-Unsubscribe=One-Click" to the header's URL from their servers.
      const oneClick = await h.action<{ state: string }>(
        unsubscribe,
        new Request(h.url(link), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      );
      expect(oneClick.status).toBe(200);
      expect(oneClick.data.state).toBe("unsubscribed");
      expect((await subscriberOf("one.click@example.com"))?.status).toBe("unsubscribed");

      // A provider that fetches from a browser context is cross-site; one-click still works.
      const other = await signedUp("one.click.browser@example.com", true);
      const fromBrowser = await h.action<{ state: string }>(
        unsubscribe,
        h.post(
          `/newsletter/unsubscribe?token=${other.token}`,
          { "List-Unsubscribe": "One-Click" },
          crossSite,
        ),
      );
      expect(fromBrowser.status).toBe(200);
      expect((await subscriberOf("one.click.browser@example.com"))?.status).toBe("unsubscribed");
    });
  });
});
