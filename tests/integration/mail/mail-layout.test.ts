import { pretty } from "@react-email/render";
import { describe, expect, it } from "vitest";
import { anchorsOf, textOutsideLinks, URL_OR_ADDRESS, visibleText } from "./mail-html";
import { BASE_URL, bookingSample, everyMail, MANAGE_URL, SETTINGS } from "./sample-mails";

/*
 * Issue 24, "Mails that look like the firm": every mail the site sends has one layout (decision
 * 0040). The firm's name as a wordmark linking home, the brand's colours, every address a real
 * link whose words say where it goes (a 150-character private link never stands in the text),
 * dark-mode hints, and a plain-text part that names every address the HTML links to.
 */

const mails = await everyMail();

describe("every mail the site sends", () => {
  it("covers every kind: enquiries, newsletter, applications, resources, sign-in, launch test, bookings, reminders", () => {
    expect(mails.map((mail) => mail.kind).sort()).toEqual(
      [
        "application_acknowledgement",
        "application_notification",
        "enquiry_acknowledgement",
        "enquiry_notification",
        "launch_test",
        "newsletter_confirmation",
        "resource_download",
        "sign_in_unlock",
        "booking_reminder_visitor",
        "booking_no_show_visitor",
        ...["booked", "moved", "cancelled"].flatMap((event) =>
          ["visitor", "consultant", "firm"].map((who) => `booking_${event}_${who}`),
        ),
      ].sort(),
    );
  });

  it.each(mails.map((mail) => [mail.kind, mail] as const))(
    "%s: the firm's wordmark, its colours, dark-mode hints and no remote image",
    (_kind, mail) => {
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(anchorsOf(mail.html)[0]).toEqual({ href: BASE_URL, text: SETTINGS.siteName });
      // Navy text and buttons, marigold accent, warm paper (visual brief).
      expect(mail.html).toContain("#152445");
      expect(mail.html).toContain("#f5ad22");
      expect(mail.html).toContain("background-color:#faf7f1");
      expect(mail.html).toContain('<meta name="color-scheme" content="light dark"/>');
      expect(mail.html).toContain("@media (prefers-color-scheme:dark)");
      expect(mail.html).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
      );
      // Long words break instead of widening the mail on a phone.
      expect(mail.html).toContain("overflow-wrap:anywhere");
      for (const image of mail.html.match(/<img\b[^>]*>/g) ?? []) {
        expect(image).toContain(`src="${BASE_URL}/`);
      }
    },
  );

  it.each(mails.map((mail) => [mail.kind, mail] as const))(
    "%s: every address is an <a href> whose words are not a long URL, and the text part names it",
    (kind, mail) => {
      const anchors = anchorsOf(mail.html);
      // Nothing a reader would click is left as bare text.
      expect(textOutsideLinks(mail.html).match(URL_OR_ADDRESS), kind).toBeNull();
      for (const anchor of anchors) {
        expect(anchor.href, kind).toMatch(/^(https:\/\/|mailto:|tel:\+)/);
        expect(anchor.text, `${kind}: ${anchor.href}`).not.toMatch(/^https?:\/\//);
        expect(anchor.text.length, `${kind}: ${anchor.text}`).toBeLessThanOrEqual(45);
      }
      // The plain-text part is there, and every web address the HTML links to is written in it.
      expect(mail.text.length).toBeGreaterThan(40);
      expect(mail.text).not.toMatch(/<(a|p|br|div|table|td)\b/);
      const hrefs = anchors.map((anchor) => anchor.href);
      for (const found of mail.text.match(URL_OR_ADDRESS) ?? []) {
        const address = found.replace(/[.,)]+$/, "");
        expect(hrefs, `${kind}: ${address}`).toContain(
          address.includes("://") ? address : `mailto:${address}`,
        );
      }
      for (const href of hrefs.filter((target) => target.startsWith("https://"))) {
        if (href === BASE_URL) continue; // The wordmark and the footer's site link.
        expect(mail.text, `${kind}: ${href}`).toContain(href);
      }
    },
  );

  it("turns the booking's private link into a button, not 150 characters of text", async () => {
    const { visitor } = await bookingSample("booked");
    expect(MANAGE_URL.length).toBeGreaterThan(140);
    expect(anchorsOf(visitor.html)).toContainEqual({
      href: MANAGE_URL,
      text: "Reschedule or cancel",
    });
    expect(visibleText(visitor.html)).not.toContain(MANAGE_URL);
    expect(visitor.text).toContain(
      `To reschedule or cancel, use your private link (it works until the meeting starts): ${MANAGE_URL}`,
    );
    const { visitor: cancelled } = await bookingSample("cancelled");
    expect(anchorsOf(cancelled.html)).toContainEqual({
      href: `${BASE_URL}/book`,
      text: "Book another time",
    });
    expect(anchorsOf(cancelled.html).map((anchor) => anchor.href)).not.toContain(MANAGE_URL);
  });

  it("gives visitors the firm's contact in the footer, as links", async () => {
    const acknowledgement = mails.find((mail) => mail.kind === "enquiry_acknowledgement");
    expect(anchorsOf(acknowledgement?.html ?? "")).toEqual(
      expect.arrayContaining([
        { href: `mailto:${SETTINGS.email}`, text: SETTINGS.email },
        { href: "tel:+919876543210", text: SETTINGS.phone },
        { href: BASE_URL, text: "trc.example.in" },
      ]),
    );
  });

  it("shows a visitor's web address as a link with its short form, the host still visible", () => {
    const notification = mails.find((mail) => mail.kind === "application_notification");
    expect(anchorsOf(notification?.html ?? "")).toContainEqual({
      href: "https://www.linkedin.com/in/arjun-mehta-rewards-and-benefits-1234567890/",
      text: "linkedin.com/in/arjun-mehta-rewards-and…",
    });
  });
});

describe("the rendered HTML of representative mails", () => {
  it.each([
    "enquiry_notification",
    "enquiry_acknowledgement",
    "newsletter_confirmation",
    "booking_booked_visitor",
    "booking_cancelled_visitor",
    "booking_moved_firm",
  ])("%s", async (kind) => {
    const mail = mails.find((candidate) => candidate.kind === kind);
    // Pretty-printed, so a change reads as a diff of lines.
    expect(await pretty(mail?.html ?? "")).toMatchSnapshot();
  });
});
