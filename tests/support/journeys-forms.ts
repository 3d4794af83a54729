import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { waitForHydration } from "../e2e/public-support";
import { waitForAdminHydration } from "./browser";
import { FIRST_ADMIN } from "./journeys-site";
import { pdfFile } from "./office-files";
import type { ReceivedMail, TestSmtpServer } from "./smtp-server";

/*
 * The five visitor forms as a person and as a bot meet them on the shipped site (issue 22 §3):
 * contact (/contact), booking (/book), job application (/careers/<posting>), resource request
 * (/resources/<slug>/download) and the newsletter (the footer). Everything is checked where
 * people notice it: the answer on screen, the mails in the mail server, and the record in the
 * admin's lists, read by the first admin signed in through /admin/login. Nothing reads the
 * database and nothing replaces the token a page carries: the token the page came with is the
 * one that is posted (the booking page once carried the page cache's placeholder, and every
 * booking was filed as spam while the visitor saw a Thank You).
 */

/**
 * How long a person takes to fill in a form, at least. The forms' spam defence asks posts sent
 * sooner than 3 s after the form was rendered to confirm they are a person (decision 0014); a
 * person's journey waits this long in the page after its token arrived, since the rule under
 * test is that minimum time.
 */
export const HUMAN_FILL_MS = 3_500;
/** Mails are sent by the outbox a moment after the answer. */
const MAIL_TIMEOUT_MS = 30_000;

/** What every journey of a file shares. */
export interface JourneyWorld {
  /** The site's public address. */
  url: string;
  browser: Browser;
  smtp: TestSmtpServer;
  admin: AdminDesk;
  /** Tells this run's visitors apart (e-mail addresses, names). */
  run: string;
}

export interface Person {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  company: string;
}

/** The addresses of posts that must never be mailed: too fast, replayed, honeypot. */
export const BOT_ADDRESSES = new Set<string>();

/** A visitor of their own for each journey: the form, the way and the run in the address. */
export function personFor(world: JourneyWorld, form: string, way: string): Person {
  const firstName = "Meera";
  const email = `meera.${form}.${way}.${world.run}@example.com`.toLowerCase();
  if (/^(hasty|replay2|honeypot)$/.test(way)) BOT_ADDRESSES.add(email);
  const lastName = `${form} ${way} ${world.run}`.replace(/[^A-Za-z0-9 ]/g, "");
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email,
    company: "Lotus Fintech",
  };
}

/** A browser context of a visitor, with or without JavaScript. */
export async function visitorContext(
  world: JourneyWorld,
  javaScript: boolean,
  options: { timezoneId?: string } = {},
): Promise<BrowserContext> {
  const context = await world.browser.newContext({
    javaScriptEnabled: javaScript,
    // A visitor's browser as it ships: the site's service worker installs (other tests block it).
    serviceWorkers: "allow",
    viewport: { width: 1280, height: 900 },
    timezoneId: options.timezoneId,
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

async function withVisitor<T>(
  world: JourneyWorld,
  javaScript: boolean,
  use: (page: Page) => Promise<T>,
  options: { timezoneId?: string } = {},
): Promise<T> {
  const context = await visitorContext(world, javaScript, options);
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** A control of `form` by its label's exact text, a trailing " *" (required) allowed. */
export const control = (form: Locator, label: string) =>
  form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));

async function fillLabelled(form: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await control(form, label).fill(value);
}

/**
 * A person's pace: once the form's token is in place (rendered with the page, or fetched by the
 * form after a client-side navigation), at least HUMAN_FILL_MS pass in the page before the post.
 */
async function humanFillTime(page: Page, form: Locator) {
  const token = form.locator('input[name="formToken"]');
  await expect.poll(() => token.inputValue()).not.toBe("");
  await page.waitForTimeout(HUMAN_FILL_MS);
}

/* ---------------------------------------------------------------- mails */

const mailsMatching = (smtp: TestSmtpServer, to: string, subject: string | RegExp) =>
  smtp.messages.filter(
    (mail) =>
      mail.envelopeTo.some((address) => address.toLowerCase() === to.toLowerCase()) &&
      (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject)),
  );

/** The mail to `to` with that subject, once it has arrived. */
export async function mailTo(
  smtp: TestSmtpServer,
  to: string,
  subject: string | RegExp,
): Promise<ReceivedMail> {
  await expect
    .poll(() => mailsMatching(smtp, to, subject).length, {
      timeout: MAIL_TIMEOUT_MS,
      message: `a mail to ${to} with subject ${subject}; got: ${smtp.messages
        .map((m) => `${m.envelopeTo.join(",")}: ${m.subject}`)
        .join(" | ")}`,
    })
    .toBeGreaterThan(0);
  return mailsMatching(smtp, to, subject)[0] as ReceivedMail;
}

/** Every mail sent to one of `addresses` (none, for a post held back as spam). */
export const mailsToAny = (smtp: TestSmtpServer, addresses: string[]) =>
  smtp.messages.filter((mail) =>
    mail.envelopeTo.some((to) => addresses.includes(to.toLowerCase())),
  );

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`${escaped}\\S*`).exec(mail.text)?.[0];
  if (!link) throw new Error(`No link starting ${prefix} in:\n${mail.text}`);
  return link;
}

/* ---------------------------------------------------------------- the admin */

/** The first admin, signed in through the login page, reading the admin's pages. */
export class AdminDesk {
  private constructor(
    readonly page: Page,
    private readonly url: string,
  ) {}

  /** Signs in as the first admin (ADMIN_USERNAME and ADMIN_PASSWORD) on /admin/login. */
  static async signIn(browser: Browser, url: string): Promise<AdminDesk> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${url}/admin/login`);
    await page.getByLabel("Username").fill(FIRST_ADMIN.username);
    await page.getByLabel("Password", { exact: true }).fill(FIRST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((address) => address.pathname === "/admin/dashboard", {
      timeout: 30_000,
    });
    await waitForAdminHydration(page);
    return new AdminDesk(page, url);
  }

  async close() {
    await this.page.context().close();
  }

  /** Opens an admin page (rendered on the server with its list) and gives its main region. */
  async open(path: string): Promise<Locator> {
    const response = await this.page.goto(`${this.url}${path}`);
    expect(response?.status(), path).toBe(200);
    const main = this.page.locator("main");
    await main.waitFor();
    return main;
  }

  /** The text of the rows of the list at `path` that mention `text`. */
  async rows(path: string, text: string): Promise<string[]> {
    const main = await this.open(path);
    return main.locator("tbody tr").filter({ hasText: text }).allInnerTexts();
  }

  /** The value of a Settings field, as the admin sees it. */
  async setting(label: string): Promise<string> {
    const main = await this.open("/admin/settings");
    return control(main, label).inputValue();
  }

  /** Where the site sends staff notifications: Settings' contact e-mail. */
  async contactEmail(): Promise<string> {
    return (await this.setting("Contact e-mail")).toLowerCase();
  }

  /** Where new applications are announced: the careers e-mail, or the contact e-mail. */
  async careersEmail(): Promise<string> {
    return ((await this.setting("Careers e-mail")) || (await this.contactEmail())).toLowerCase();
  }

  /** The Enquiries inbox (or its spam folder) searched for an address. */
  enquiries(email: string, folder: "inbox" | "spam" = "inbox") {
    const spam = folder === "spam" ? "folder=spam&" : "";
    return this.rows(`/admin/enquiries?${spam}q=${encodeURIComponent(email)}`, email);
  }

  /** Applications (or their spam folder) searched for an address. */
  applications(email: string, folder: "applications" | "spam" = "applications") {
    const spam = folder === "spam" ? "folder=spam&" : "";
    return this.rows(`/admin/applications?${spam}q=${encodeURIComponent(email)}`, email);
  }

  /** The upcoming consultations that name this visitor. */
  bookings(name: string) {
    return this.rows("/admin/bookings", name);
  }

  /** Subscribers searched for an address. */
  subscribers(email: string) {
    return this.rows(`/admin/subscribers?q=${encodeURIComponent(email)}`, email);
  }

  /** The enquiry's own page, opened from the inbox by its name's link: its text. */
  async enquiryPage(person: Person): Promise<string> {
    const main = await this.open(`/admin/enquiries?q=${encodeURIComponent(person.email)}`);
    const href = await main
      .getByRole("link", { name: person.name, exact: true })
      .first()
      .getAttribute("href");
    expect(href).toMatch(/^\/admin\/enquiries\/[^/?]+/);
    const detail = await this.open(href as string);
    return (await detail.textContent()) ?? "";
  }

  /**
   * Adds a job posting through Careers, as staff do ("Add New Position"), status Active, and
   * returns its title.
   */
  async addActivePosting(title: string): Promise<void> {
    await this.open("/admin/careers");
    await waitForAdminHydration(this.page);
    await this.page.getByRole("link", { name: "Add New Position" }).click();
    const form = this.page.locator("form", {
      has: this.page.getByRole("button", { name: "Add Position" }),
    });
    await control(form, "Job title").fill(title);
    await control(form, "Department").selectOption("Analytics");
    await control(form, "Location").fill("Gurugram");
    await control(form, "Employment type").selectOption("Full-time");
    await control(form, "Status").selectOption({ label: "Active" });
    await control(form, "Description").fill(
      "Build pay benchmarks and salary structures for growing companies across India.",
    );
    await form.getByRole("button", { name: "Add Position" }).click();
    await this.page.getByText("Career posting added successfully!").first().waitFor();
  }
}

/** The admin's verdict on a visitor: their record, found once, where it belongs. */
async function expectEnquiryFiled(
  admin: AdminDesk,
  person: Person,
  folder: "inbox" | "spam",
  reason?: string,
) {
  const found = {
    inbox: await admin.enquiries(person.email, "inbox"),
    spam: await admin.enquiries(person.email, "spam"),
  };
  const where = `${person.email} was found in the inbox ${JSON.stringify(found.inbox)} and in the spam folder ${JSON.stringify(found.spam)}`;
  expect(found[folder], where).toHaveLength(1);
  expect(found[folder === "inbox" ? "spam" : "inbox"], where).toEqual([]);
  expect(found[folder][0]).toContain(person.name);
  if (reason) expect(found[folder][0]).toContain(reason);
}

async function expectNoEnquiry(admin: AdminDesk, person: Person) {
  expect(await admin.enquiries(person.email, "inbox")).toEqual([]);
  expect(await admin.enquiries(person.email, "spam")).toEqual([]);
}

/* ---------------------------------------------------------------- a person's journeys */

/** Contact: the enquiry form on /contact, sent by a person. */
export async function contactAsPerson(world: JourneyWorld, javaScript: boolean) {
  const person = personFor(world, "contact", javaScript ? "js" : "nojs");
  await withVisitor(world, javaScript, async (page) => {
    await page.goto(`${world.url}/contact`);
    if (javaScript) await waitForHydration(page);
    const form = page.getByRole("form", { name: "Enquiry form" });
    await fillLabelled(form, {
      "First Name": person.firstName,
      "Last Name": person.lastName,
      "Email Address": person.email,
      Company: person.company,
      Message: "We would like to benchmark our engineering salaries.",
    });
    await humanFillTime(page, form);
    await form.getByRole("button", { name: "Send Message" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Your message has been sent. We will get back to you within 24 hours." })
      .waitFor();
  });
  const staff = await world.admin.contactEmail();
  await mailTo(world.smtp, person.email, /^Thank you for contacting /);
  const notice = await mailTo(
    world.smtp,
    staff,
    `New enquiry from ${person.name} (${person.company})`,
  );
  expect(notice.text).toContain(person.email);
  await expectEnquiryFiled(world.admin, person, "inbox");
}

/**
 * Booking: a free time on /book and the enquiry fields. With JavaScript the day grid (a day
 * clicked, then a time) in the browser's own zone; without it the week's radio buttons.
 */
export async function bookingAsPerson(world: JourneyWorld, javaScript: boolean) {
  const person = personFor(world, "booking", javaScript ? "js" : "nojs");
  let chosen = "";
  await withVisitor(
    world,
    javaScript,
    async (page) => {
      await page.goto(`${world.url}/book`);
      const form = page.getByRole("form", { name: "Booking form" });
      if (javaScript) {
        await waitForHydration(page);
        // The page takes the browser's zone and shows the times in it.
        await page.getByText("Times are shown in Europe/London").waitFor();
        const day = page
          .getByRole("grid", { name: "Days with free times" })
          .locator('td[data-date]:not([aria-disabled="true"])')
          .nth(1);
        const dayName = (await day.locator(".sr-only").textContent())?.split(",")[0] ?? "";
        await day.click();
        const times = form.getByRole("group", { name: `Times on ${dayName}` });
        const time = times.getByRole("radio").first();
        await time.check();
        chosen = (await time.getAttribute("value")) ?? "";
        await page.getByText(`Chosen: ${dayName}`).waitFor();
      } else {
        const time = form.locator("[data-slot-list] fieldset").first().getByRole("radio").first();
        await time.check();
        chosen = (await time.getAttribute("value")) ?? "";
      }
      expect(chosen).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      await fillLabelled(form, {
        "First Name": person.firstName,
        "Last Name": person.lastName,
        "Email Address": person.email,
        Company: person.company,
      });
      await humanFillTime(page, form);
      const token = await form.locator('input[name="formToken"]').inputValue();
      await form.getByRole("button", { name: "Book Consultation" }).click();
      // A post held back as spam is thanked too, with no booking: tell the two apart at once.
      const booked = page.getByText("You're booked");
      const heldBack = page.getByRole("status").filter({ hasText: HELD_BOOKING });
      await booked.or(heldBack).first().waitFor({ timeout: 30_000 });
      expect(
        await heldBack.count(),
        `the visitor was thanked ("${HELD_BOOKING}") but nothing was booked: the post was held back as spam (the form carried the token "${token}")`,
      ).toBe(0);
      await page.waitForURL(/\/book\/manage\/[^?]+\?booked=1$/);
    },
    { timezoneId: "Europe/London" },
  );
  const visitorMail = await mailTo(world.smtp, person.email, /^Your free consultation with /);
  expect(visitorMail.raw).toMatch(/invite\.ics/);
  // The first admin is the first consultant (decision 0030): the consultation is theirs.
  await mailTo(
    world.smtp,
    FIRST_ADMIN.email,
    new RegExp(`^New consultation booked: ${person.name}, `),
  );
  const staff = await world.admin.contactEmail();
  if (staff !== FIRST_ADMIN.email) {
    await mailTo(world.smtp, staff, new RegExp(`^New consultation booked: ${person.name}, `));
  }
  const booked = await world.admin.bookings(person.name);
  expect(booked, "the booking in Bookings").toHaveLength(1);
  expect(booked[0]).toContain("Booked");
  await expectEnquiryFiled(world.admin, person, "inbox");
}

/** What /book answers to a post held back as spam (decision 0030: no booking, no mail). */
const HELD_BOOKING = "Your request has been sent.";

/** A posting's page address, from the public Careers page's "Apply Now". */
export async function postingPath(world: JourneyWorld, title: string): Promise<string> {
  const html = await (await fetch(`${world.url}/careers`)).text();
  const path = /href="(\/careers\/[a-z0-9-]+)(?:#apply)?"/.exec(
    html.slice(html.indexOf(title)),
  )?.[1];
  if (!path) throw new Error(`No posting "${title}" on /careers`);
  return path;
}

let cv: Buffer | undefined;
/** A CV as candidates send them: a real PDF. */
export const candidateCv = async () => {
  cv ??= await pdfFile("Meera, compensation analyst: six years of pay benchmarking", 40_000);
  return cv;
};

/** Job application: Apply Now on /careers, the posting's form with a CV. */
export async function applicationAsPerson(
  world: JourneyWorld,
  javaScript: boolean,
  postingTitle: string,
) {
  const person = personFor(world, "application", javaScript ? "js" : "nojs");
  await withVisitor(world, javaScript, async (page) => {
    await page.goto(`${world.url}/careers`);
    if (javaScript) await waitForHydration(page);
    await page.getByRole("link", { name: new RegExp(`^Apply Now\\s*: ${postingTitle}$`) }).click();
    await page.waitForURL(/\/careers\/[^/]+#apply$/);
    const form = page.getByRole("form", { name: "Application form" });
    await fillLabelled(form, {
      "Full Name": person.name,
      "Email Address": person.email,
      "Phone Number": "98765 43210",
      "Current Location": "Gurugram",
      "LinkedIn or Portfolio URL": "https://www.linkedin.com/in/meera",
      "Cover Note": "Six years of pay benchmarking for startups.",
    });
    await control(form, "Notice Period").selectOption("30 days");
    await form.getByRole("checkbox", { name: /^I agree that / }).check();
    await control(form, "Your CV").setInputFiles({
      name: "Meera CV.pdf",
      mimeType: "application/pdf",
      buffer: await candidateCv(),
    });
    await humanFillTime(page, form);
    await form.getByRole("button", { name: "Submit Application" }).click();
    await page.getByRole("heading", { name: "Thank You for Applying!" }).waitFor();
  });
  await mailTo(world.smtp, person.email, new RegExp(`^Your application for ${postingTitle} at `));
  await mailTo(
    world.smtp,
    await world.admin.careersEmail(),
    `New application for ${postingTitle} from ${person.name}`,
  );
  const rows = await world.admin.applications(person.email);
  expect(rows, "the application in Applications").toHaveLength(1);
  expect(rows[0]).toContain(person.name);
  expect(rows[0]).toContain(postingTitle);
  expect(await world.admin.applications(person.email, "spam")).toEqual([]);
}

/** A seeded resource of a fresh install. */
export const GUIDE = {
  slug: "esop-design-playbook",
  title: "The ESOP Design Playbook for Indian Startups",
} as const;

/** Resource request: Download Now on /resources, the request form, the file and its mail. */
export async function resourceRequestAsPerson(world: JourneyWorld, javaScript: boolean) {
  const person = personFor(world, "resource", javaScript ? "js" : "nojs");
  await withVisitor(world, javaScript, async (page) => {
    await page.goto(`${world.url}/resources`);
    if (javaScript) await waitForHydration(page);
    await page.getByRole("link", { name: new RegExp(`^Download Now ?: ${GUIDE.title}$`) }).click();
    await page.waitForURL(`${world.url}/resources/${GUIDE.slug}/download`);
    const form = page.getByRole("form", { name: "Request form" });
    await fillLabelled(form, { Name: person.name, Email: person.email, Company: person.company });
    await humanFillTime(page, form);
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 30_000 }),
      form.getByRole("button", { name: "Download Now" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${GUIDE.slug}.pdf`);
    await page.getByRole("heading", { name: "Your download is starting" }).waitFor();
    await page.getByText(`We have also e-mailed the link to ${person.email}`).waitFor();
  });
  const mail = await mailTo(world.smtp, person.email, `Your download: ${GUIDE.title}`);
  // The mailed link works.
  const file = await fetch(linkIn(mail, `${world.url}/resources/${GUIDE.slug}/file`));
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toMatch(/^application\/pdf/);
  await expectEnquiryFiled(world.admin, person, "inbox");
  expect(await world.admin.enquiryPage(person)).toContain(`Resource request (${GUIDE.slug})`);
}

export const NEWSLETTER_CONFIRM_SENT =
  "Thank you! Please check your inbox and click the link in our e-mail to confirm your subscription.";

/** Newsletter: the footer form on /about, then the confirmation link in the mail. */
export async function newsletterAsPerson(world: JourneyWorld, javaScript: boolean) {
  const person = personFor(world, "newsletter", javaScript ? "js" : "nojs");
  await withVisitor(world, javaScript, async (page) => {
    await page.goto(`${world.url}/about`);
    if (javaScript) await waitForHydration(page);
    const form = page.locator("form#footer-newsletter");
    await form.getByLabel("Email address").fill(person.email);
    await form.getByRole("button", { name: "Subscribe Now" }).click();
    await form.getByRole("status").filter({ hasText: NEWSLETTER_CONFIRM_SENT }).waitFor();

    // Double opt-in: pending until the link in the mail is used.
    const pending = await world.admin.subscribers(person.email);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toContain("Pending confirmation");
    const mail = await mailTo(world.smtp, person.email, /^Please confirm your subscription to /);
    await page.goto(linkIn(mail, `${world.url}/newsletter/confirm`));
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page.getByRole("heading", { name: "Subscription confirmed" }).waitFor();
  });
  const rows = await world.admin.subscribers(person.email);
  expect(rows, "the subscriber in Subscribers").toHaveLength(1);
  expect(rows[0]).toContain("Subscribed");
  expect(rows[0]).not.toContain("Pending");
  expect(rows[0]).toContain("footer:/about");
}

/* ---------------------------------------------------------------- bots */

export interface Answer {
  status: number;
  html: string;
  location: string | null;
}

/** The answer's own words (its status and alert regions), for failure messages. */
export function said(answer: Answer): string {
  const regions =
    answer.html.match(/<[^>]+role="(?:status|alert)"[^>]*>[\s\S]*?<\/(?:div|p)>/g) ?? [];
  const texts = regions
    .map((region) =>
      region
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
  return `${answer.status} ${answer.location ?? ""} ${JSON.stringify(texts)}`;
}

/** Posts a form as a script does: no browser, no cookies, no waiting. */
export async function post(url: string, body: URLSearchParams | FormData): Promise<Answer> {
  const response = await fetch(url, { method: "POST", body, redirect: "manual" });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get("location"),
  };
}

/** The values of the inputs named `name` in a page's HTML, in order. */
export function inputValues(html: string, name: string): string[] {
  const values: string[] = [];
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    if (!tag.includes(` name="${name}"`)) continue;
    const value = /\svalue="([^"]*)"/.exec(tag)?.[1];
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** A page fetched as a bot does, with the form token it carries and when it came. */
export async function fetchForm(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  const html = await response.text();
  const [token] = inputValues(html, "formToken");
  expect(token, `the form token on ${url}`).toBeTruthy();
  return { html, token: token as string, fetchedAt: Date.now() };
}

/** Waits until a token fetched at `fetchedAt` is as old as a person's would be. */
export async function aged(fetchedAt: number) {
  const left = fetchedAt + HUMAN_FILL_MS - Date.now();
  if (left > 0) await new Promise((done) => setTimeout(done, left));
}

const enquiryFields = (person: Person, token: string) =>
  new URLSearchParams({
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    company: person.company,
    message: "Automated message",
    formToken: token,
    hp_comment: "",
  });

const TOO_FAST = "faster than people usually type";
const REPLAYED = "Sent again with a form that had already been used";

/**
 * What a form's bots get: a post sent at once with the page's token is asked the person check
 * and stores nothing; a token posted twice gives the first post its ordinary outcome and files
 * the second in the spam folder, without mails (decision 0014). `replay` was fetched
 * earlier, so that it is old enough when it is posted.
 */
export async function contactBots(
  world: JourneyWorld,
  replay: { token: string; fetchedAt: number },
) {
  const hasty = personFor(world, "contact", "hasty");
  const first = personFor(world, "contact", "replay1");
  const again = personFor(world, "contact", "replay2");
  const page = await fetchForm(`${world.url}/contact`);
  const immediate = await post(`${world.url}/contact`, enquiryFields(hasty, page.token));
  expect(immediate.status, `posted at once with "${page.token}": ${said(immediate)}`).toBe(400);
  expect(immediate.html).toContain(TOO_FAST);

  await aged(replay.fetchedAt);
  const once = await post(`${world.url}/contact`, enquiryFields(first, replay.token));
  expect(once.status, said(once)).toBe(200);
  expect(once.html).toContain("Your message has been sent.");
  const twice = await post(`${world.url}/contact`, enquiryFields(again, replay.token));
  expect(twice.status, said(twice)).toBe(200);
  expect(twice.html).toContain("Your message has been sent.");

  await expectNoEnquiry(world.admin, hasty);
  await expectEnquiryFiled(world.admin, first, "inbox");
  await expectEnquiryFiled(world.admin, again, "spam", REPLAYED);
  await mailTo(world.smtp, first.email, /^Thank you for contacting /);
  expect(mailsToAny(world.smtp, [hasty.email, again.email])).toEqual([]);
}

const bookingFields = (person: Person, startsAt: string, timeZone: string, token: string) => {
  const fields = enquiryFields(person, token);
  fields.set("startsAt", startsAt);
  fields.set("timeZone", timeZone);
  return fields;
};

/** The booking form's bots; see contactBots. */
export async function bookingBots(
  world: JourneyWorld,
  replay: { token: string; fetchedAt: number; html: string },
) {
  const hasty = personFor(world, "booking", "hasty");
  const first = personFor(world, "booking", "replay1");
  const again = personFor(world, "booking", "replay2");
  // Times from the end of the page's first week, away from the people's bookings.
  const times = inputValues(replay.html, "startsAt");
  const [timeZone = ""] = inputValues(replay.html, "timeZone");
  expect(times.length).toBeGreaterThan(3);
  const [one, two, three] = times.slice(-3) as [string, string, string];

  const page = await fetchForm(`${world.url}/book`);
  const immediate = await post(
    `${world.url}/book`,
    bookingFields(hasty, one, timeZone, page.token),
  );
  expect(immediate.status, `posted at once with "${page.token}": ${said(immediate)}`).toBe(400);
  expect(immediate.html).toContain(TOO_FAST);

  await aged(replay.fetchedAt);
  const once = await post(`${world.url}/book`, bookingFields(first, two, timeZone, replay.token));
  expect(once.status, `posted with "${replay.token}": ${said(once)}`).toBe(303);
  expect(once.location).toMatch(/\/book\/manage\/[^?]+\?booked=1$/);
  const twice = await post(
    `${world.url}/book`,
    bookingFields(again, three, timeZone, replay.token),
  );
  expect(twice.status, said(twice)).toBe(200);
  expect(twice.html).toContain(HELD_BOOKING);

  await expectNoEnquiry(world.admin, hasty);
  expect(await world.admin.bookings(hasty.name)).toEqual([]);
  await expectEnquiryFiled(world.admin, first, "inbox");
  expect(await world.admin.bookings(first.name)).toHaveLength(1);
  await expectEnquiryFiled(world.admin, again, "spam", REPLAYED);
  expect(await world.admin.bookings(again.name)).toEqual([]);
  await mailTo(world.smtp, first.email, /^Your free consultation with /);
  expect(mailsToAny(world.smtp, [hasty.email, again.email])).toEqual([]);
}

async function applicationFields(person: Person, token: string): Promise<FormData> {
  const form = new FormData();
  const fields: Record<string, string> = {
    fullName: person.name,
    email: person.email,
    phone: "98765 43210",
    location: "Gurugram",
    noticePeriod: "30 days",
    profileUrl: "",
    coverNote: "Automated application",
    consent: "on",
    formToken: token,
    hp_comment: "",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const bytes = new Uint8Array(await candidateCv());
  form.append("cv", new Blob([bytes], { type: "application/pdf" }), "cv.pdf");
  return form;
}

/** The job application's bots; see contactBots. */
export async function applicationBots(
  world: JourneyWorld,
  path: string,
  replay: { token: string; fetchedAt: number },
) {
  const hasty = personFor(world, "application", "hasty");
  const first = personFor(world, "application", "replay1");
  const again = personFor(world, "application", "replay2");
  const page = await fetchForm(`${world.url}${path}`);
  const immediate = await post(`${world.url}${path}`, await applicationFields(hasty, page.token));
  expect(immediate.status, `posted at once with "${page.token}": ${said(immediate)}`).toBe(400);
  expect(immediate.html).toContain(TOO_FAST);

  await aged(replay.fetchedAt);
  const once = await post(`${world.url}${path}`, await applicationFields(first, replay.token));
  expect(once.status, said(once)).toBe(200);
  expect(once.html).toContain("Thank You for Applying!");
  const twice = await post(`${world.url}${path}`, await applicationFields(again, replay.token));
  expect(twice.status, said(twice)).toBe(200);
  expect(twice.html).toContain("Thank You for Applying!");

  expect(await world.admin.applications(hasty.email)).toEqual([]);
  expect(await world.admin.applications(hasty.email, "spam")).toEqual([]);
  expect(await world.admin.applications(first.email)).toHaveLength(1);
  expect(await world.admin.applications(first.email, "spam")).toEqual([]);
  expect(await world.admin.applications(again.email)).toEqual([]);
  const held = await world.admin.applications(again.email, "spam");
  expect(held).toHaveLength(1);
  expect(held[0]).toContain(again.name);
  await mailTo(world.smtp, first.email, /^Your application for /);
  expect(mailsToAny(world.smtp, [hasty.email, again.email])).toEqual([]);
}

const resourceFields = (person: Person, token: string) =>
  new URLSearchParams({
    name: person.name,
    email: person.email,
    company: person.company,
    formToken: token,
    hp_comment: "",
  });

/** The resource request's bots; see contactBots. */
export async function resourceBots(
  world: JourneyWorld,
  replay: { token: string; fetchedAt: number },
) {
  const path = `/resources/${GUIDE.slug}/download`;
  const hasty = personFor(world, "resource", "hasty");
  const first = personFor(world, "resource", "replay1");
  const again = personFor(world, "resource", "replay2");
  const page = await fetchForm(`${world.url}${path}`);
  const immediate = await post(`${world.url}${path}`, resourceFields(hasty, page.token));
  expect(immediate.status, `posted at once with "${page.token}": ${said(immediate)}`).toBe(400);
  expect(immediate.html).toContain(TOO_FAST);

  await aged(replay.fetchedAt);
  const once = await post(`${world.url}${path}`, resourceFields(first, replay.token));
  expect(once.status, said(once)).toBe(200);
  expect(once.html).toContain("Your download is starting");
  expect(once.html).toContain("We have also e-mailed the link to");
  const twice = await post(`${world.url}${path}`, resourceFields(again, replay.token));
  expect(twice.status, said(twice)).toBe(200);
  // Answered like anyone else, but nothing is e-mailed to an address held back as spam.
  expect(twice.html).toContain("Your download is starting");
  expect(twice.html).not.toContain("We have also e-mailed the link to");

  await expectNoEnquiry(world.admin, hasty);
  await expectEnquiryFiled(world.admin, first, "inbox");
  await expectEnquiryFiled(world.admin, again, "spam", REPLAYED);
  await mailTo(world.smtp, first.email, `Your download: ${GUIDE.title}`);
  expect(mailsToAny(world.smtp, [hasty.email, again.email])).toEqual([]);
}

/**
 * The newsletter's bot: the footer form has no token, only a honeypot. A bot that fills it gets
 * the ordinary answer, and nobody is signed up or mailed.
 */
export async function newsletterBot(world: JourneyWorld) {
  const bot = personFor(world, "newsletter", "honeypot");
  const answer = await post(
    `${world.url}/newsletter`,
    new URLSearchParams({
      email: bot.email,
      source: "footer",
      returnTo: "/about",
      formId: "footer-newsletter",
      hp_website: "https://spam.example.com",
    }),
  );
  expect(answer.status).toBe(303);
  const back = new URL(answer.location ?? "", world.url);
  expect(back.pathname).toBe("/about");
  const page = await (await fetch(back)).text();
  expect(page).toContain(NEWSLETTER_CONFIRM_SENT);
  expect(await world.admin.subscribers(bot.email)).toEqual([]);
  expect(mailsToAny(world.smtp, [bot.email])).toEqual([]);
}
