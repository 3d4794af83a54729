import type { DB } from "~/db/client.server";
import { countOf } from "~/lib/format";
import { hasOwnDisplayName } from "~/modules/bookings/consultant-name";
import { listConsultants } from "~/modules/bookings/consultants.server";
import { publishedSamples } from "~/modules/library/library-samples.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { type GeneralSettings, privacyAddressOf } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { dismissedLaunchItems } from "./launch-dismissals.server";
import {
  LAUNCH_ITEM_TITLES,
  LAUNCH_ITEMS,
  type LaunchChecklist,
  type LaunchFix,
  type LaunchItemId,
} from "./launch-items";
import { isPlaceholderMailbox } from "./placeholder-values";

/*
 * The launch checklist (issue 24, decision 0041): for each item, whether the site still shows
 * what the seed put there, read from the data now. An item is done when its value is no longer
 * the seeded placeholder; staff may dismiss one they mean to keep (stored, for every instance).
 */

/** How this server sends mail: from its configuration, which no admin page changes. */
export interface MailSetup {
  smtpConfigured: boolean;
  /** The sender (MAIL_FROM, or the default "Website <no-reply@localhost>"). */
  from: string;
}

const SETTINGS: LaunchFix = { label: "Settings", to: "/admin/settings" };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const digits = (text: string) => text.replace(/\D/g, "");

/** A LinkedIn address that is the site's home page rather than a profile or company page. */
function isLinkedInHome(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      /(^|\.)linkedin\.com$/i.test(parsed.hostname) && parsed.pathname.replace(/\/+$/, "") === ""
    );
  } catch {
    return false;
  }
}

interface Finding {
  open: boolean;
  detail: string;
  fixes: LaunchFix[];
}

function settingsFindings(
  settings: GeneralSettings,
): Record<"firm-name" | "contact" | "office" | "social" | "privacy", Finding> {
  const defaults = DEFAULT_GENERAL_SETTINGS;
  const emailSeeded = same(settings.email, defaults.email);
  const phoneSeeded = digits(settings.phone) === digits(defaults.phone);
  const privacyAddress = privacyAddressOf(settings);
  return {
    "firm-name": {
      open: same(settings.siteName, defaults.siteName),
      detail: `Every page, title and e-mail names the firm "${settings.siteName}", the name the site was installed with.`,
      fixes: [SETTINGS],
    },
    contact: {
      open: emailSeeded || phoneSeeded,
      detail: [
        emailSeeded ? `the e-mail ${settings.email}` : "",
        phoneSeeded ? `the phone number ${settings.phone}` : "",
      ]
        .filter(Boolean)
        .join(" and ")
        .replace(/^./, (first) => `Visitors are given ${first}`)
        .concat(", placeholders that reach no one."),
      fixes: [SETTINGS],
    },
    office: {
      open: same(settings.officeStreet, defaults.officeStreet),
      detail: `The footer, the contact page and the search engines' data give the made-up office "${settings.officeStreet.split("\n")[0]}".`,
      fixes: [SETTINGS],
    },
    social: {
      open:
        same(settings.linkedinUrl, defaults.linkedinUrl) || isLinkedInHome(settings.linkedinUrl),
      detail: `The site's LinkedIn link leads to ${settings.linkedinUrl}, LinkedIn's home page, not the firm's page.`,
      fixes: [SETTINGS],
    },
    privacy: {
      open: same(privacyAddress, defaults.email),
      detail: `The privacy policy asks people to write to ${privacyAddress} about their personal data (requests, consent, grievances).`,
      fixes: [SETTINGS, { label: "Read the privacy policy", to: "/privacy" }],
    },
  };
}

function mailFinding(mail: MailSetup): Finding {
  const problems = [
    mail.smtpConfigured ? "" : "SMTP_URL is not set, so no e-mail leaves the server",
    isPlaceholderMailbox(mail.from)
      ? `mails come from ${mail.from} (set MAIL_FROM to the firm's own address)`
      : "",
  ].filter(Boolean);
  return {
    open: problems.length > 0,
    detail: `${problems.join("; ").replace(/^./, (first) => first.toUpperCase())}. Both are set in the server's environment (.env), then the server is restarted.`,
    fixes: [],
  };
}

async function consultantFinding(db: DB): Promise<Finding> {
  const [consultants, team] = await Promise.all([
    listConsultants(db),
    db
      .selectFrom("teamMembers")
      .select(["name", "photoId"])
      .where("status", "=", "published")
      .execute(),
  ]);
  const photographed = new Set(
    team.filter((member) => member.photoId).map((member) => member.name.trim().toLowerCase()),
  );
  const problems: string[] = [];
  for (const consultant of consultants.filter((one) => one.bookable)) {
    if (!hasOwnDisplayName(consultant)) {
      problems.push(
        `a consultant is named after the sign-in name "${consultant.displayName}" (visitors read the firm's name instead)`,
      );
    } else if (!photographed.has(consultant.displayName.trim().toLowerCase())) {
      problems.push(
        `${consultant.displayName} has no photo on a published team member of that name`,
      );
    }
  }
  return {
    open: problems.length > 0,
    detail: `${problems.join("; ").replace(/^./, (first) => first.toUpperCase())}.`,
    fixes: [
      { label: "Display names in Availability", to: "/admin/bookings/availability" },
      { label: "Photos in Social proof, Team", to: "/admin/social-proof/team" },
    ],
  };
}

async function sampleFinding(db: DB): Promise<Finding> {
  const samples = await publishedSamples(db);
  const parts = [
    samples.articles.length
      ? countOf(samples.articles.length, "sample article", "sample articles")
      : "",
    samples.resources.length
      ? countOf(samples.resources.length, "sample resource", "sample resources")
      : "",
  ].filter(Boolean);
  const total = samples.articles.length + samples.resources.length;
  return {
    open: total > 0,
    detail: `${parts.join(" and ")} written at installation ${total === 1 ? "is" : "are"} still published under the firm's name. Edit and save each (it is then yours) or unpublish it.`,
    fixes: [
      { label: "Insights", to: "/admin/insights" },
      { label: "Resources", to: "/admin/resources" },
    ],
  };
}

/** Every item with whether it is open, done or dismissed, from the data now. */
export async function getLaunchChecklist(db: DB, mail: MailSetup): Promise<LaunchChecklist> {
  const [settings, consultants, samples, dismissed] = await Promise.all([
    getGeneralSettings(db),
    consultantFinding(db),
    sampleFinding(db),
    dismissedLaunchItems(db),
  ]);
  const findings: Record<LaunchItemId, Finding> = {
    ...settingsFindings(settings),
    mail: mailFinding(mail),
    consultants,
    samples,
  };
  const checklist: LaunchChecklist = { open: [], done: 0, dismissed: 0 };
  for (const id of LAUNCH_ITEMS) {
    const finding = findings[id];
    if (!finding.open) checklist.done += 1;
    else if (dismissed.has(id)) checklist.dismissed += 1;
    else
      checklist.open.push({
        id,
        title: LAUNCH_ITEM_TITLES[id],
        detail: finding.detail,
        fixes: finding.fixes,
      });
  }
  return checklist;
}
