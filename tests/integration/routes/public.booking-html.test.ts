import { HtmlValidate } from "html-validate";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import { bookingRequest, consultantFixture } from "~/modules/bookings/booking-fixtures";
import { currentMonday } from "~/modules/bookings/booking-query";
import { addDaysToKey, instantOf } from "~/modules/bookings/booking-time";
import { manageToken } from "~/modules/bookings/manage-link.server";
import { leadMailOptions } from "~/modules/mail/options.server";
import * as book from "~/routes/public/book";
import * as manage from "~/routes/public/book-manage";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 22: the HTML checker on the booking pages. The day grid is a table with role=grid,
 * whose <td>s are gridcells by that role: each used to say role="gridcell" again, a redundant
 * role html-validate reports (no-redundant-role, one error per day: 59 on /book and
 * /book/manage). Checked with the HTML standard's rules and the accessibility ones.
 */

const validator = new HtmlValidate({ extends: ["html-validate:standard", "html-validate:a11y"] });

/** A page's markup as a document, as the checker reads one. */
const documentOf = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>Booking</title></head><body>${body}</body></html>`;

async function htmlErrors(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? ""})`),
  );
}

function render(module: { default: unknown }, routePath: string, url: string, data: unknown) {
  const Stub = createRoutesStub([
    { id: "page", path: routePath, Component: module.default as never, action: () => null },
  ]);
  return renderToString(
    createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { page: data } } }),
  );
}

describe.each(DIALECTS)("the booking pages' HTML (%s)", (dialect) => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    await consultantFixture(h.db, { name: "Asha Rao" });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("has a day grid of gridcells the checker accepts on /book", async () => {
    const out = await h.loader(book, h.get("/book?tz=Europe/London"), {
      context: await h.publicContext(),
    });
    const html = render(book, "/book", "/book?tz=Europe/London", out.data);
    // The grid is there, its days focusable (one tab stop) and selectable.
    expect(html).toMatch(/<table[^>]* role="grid"/);
    expect(html.match(/<td[^>]* tabindex="0"/g)).toHaveLength(1);
    expect(html).toMatch(/<td[^>]* aria-selected="true"/);
    expect(await htmlErrors(documentOf(html))).toEqual([]);
  });

  it("and on the private link page's reschedule form", async () => {
    const startsAt = instantOf(addDaysToKey(currentMonday(), 9), "12:00").toISOString();
    const outcome = await bookConsultation(h.db, bookingRequest(startsAt), {
      secret: h.config.authSecret,
      mail: leadMailOptions(h.config),
    });
    if (outcome.status !== "booked") throw new Error(outcome.status);
    const token = manageToken(h.config.authSecret, outcome.booking);
    const out = await h.loader(manage, h.get(`/book/manage/${token}`), {
      params: { token },
      context: await h.publicContext(),
    });
    const html = render(manage, "/book/manage/:token", `/book/manage/${token}`, out.data);
    expect(html).toMatch(/<table[^>]* role="grid"/);
    expect(await htmlErrors(documentOf(html))).toEqual([]);
  });
});
