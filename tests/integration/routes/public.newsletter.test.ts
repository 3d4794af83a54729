import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { NEWSLETTER_MESSAGES } from "~/modules/newsletter/newsletter-form";
import { NEWSLETTER_CONSENT_TEXT } from "~/modules/newsletter/sign-up.server";
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

    it("confirms a pending sign-up by its link, once, and refuses an unknown link", async () => {
      const { subscriber } = await subscribe(h.db, {
        email: "pending@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: false,
      });
      const link = `/newsletter/confirm?token=${subscriber.token}`;
      const first = await h.loader<{ state: string }>(confirm, h.get(link));
      expect(first.status).toBe(200);
      expect(first.data.state).toBe("confirmed");
      expect((await subscriberOf("pending@example.com"))?.status).toBe("subscribed");
      expect((await h.loader(confirm, h.get(link))).status).toBe(200);
      expect((await h.loader(confirm, h.get("/newsletter/confirm?token=x"))).status).toBe(404);
    });

    it("unsubscribes in one click, idempotently, by link and by the mail program's POST", async () => {
      const { subscriber } = await subscribe(h.db, {
        email: "leaver@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: true,
      });
      const link = `/newsletter/unsubscribe?token=${subscriber.token}`;
      const first = await h.loader<{ found: boolean }>(unsubscribe, h.get(link));
      expect(first.status).toBe(200);
      expect(first.data.found).toBe(true);
      const left = await subscriberOf("leaver@example.com");
      expect(left?.status).toBe("unsubscribed");
      expect((await h.loader(unsubscribe, h.get(link))).status).toBe(200);
      expect((await subscriberOf("leaver@example.com"))?.unsubscribedAt).toBe(left?.unsubscribedAt);
      // RFC 8058: the mail program posts "List-Unsubscribe=One-Click" to the header's URL.
      const oneClick = await h.action(
        unsubscribe,
        new Request(h.url(link), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      );
      expect(oneClick.status).toBe(200);
      const unknown = await h.loader<{ found: boolean }>(
        unsubscribe,
        h.get("/newsletter/unsubscribe?token=nope"),
      );
      expect(unknown.status).toBe(404);
      expect(unknown.data.found).toBe(false);
    });
  });
});
