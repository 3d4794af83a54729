/**
 * The legal texts. Each carries the date its text last changed: update the constant whenever a
 * section changes (the page shows it as "Last updated"). `{siteName}`, `{email}`, `{phone}`,
 * `{privacyEmail}` (the privacy contact, else the contact e-mail) and `{applicationRetention}` (the Settings page's retention period, "12 months") are filled in from
 * settings when the page renders.
 */

import { countOf } from "~/lib/format";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";

export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalDocument {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change to the text below. */
  lastUpdated: string;
  introduction: string;
  sections: LegalSection[];
}

export const TERMS_LAST_UPDATED = "2026-11-22";
export const PRIVACY_LAST_UPDATED = "2026-11-26";

export const TERMS: LegalDocument = {
  title: "Terms of Service",
  lastUpdated: TERMS_LAST_UPDATED,
  introduction:
    "These terms govern your use of the {siteName} website. Please read them carefully. By using the website you agree to them; if you do not agree, please do not use the website.",
  sections: [
    {
      title: "About Us and These Terms",
      paragraphs: [
        'This website is operated by {siteName} ("we", "us", "our"), a total rewards consulting firm with its office in New Delhi, India. "You" means any person who visits or uses the website.',
        "These terms apply to the website only. Consulting services are provided under a separate written engagement letter, which prevails over these terms for the services it covers.",
      ],
    },
    {
      title: "Use of the Website",
      paragraphs: [
        "You may use the website for lawful purposes: to learn about our services, read our resources, apply for positions and contact us. You agree not to:",
      ],
      items: [
        "use the website in a way that breaks any applicable law or regulation;",
        "attempt to gain unauthorised access to the website, its servers or its administration area;",
        "send unsolicited advertising, spam or automated enquiries through our forms;",
        "introduce viruses or other harmful code, or interfere with the website's operation;",
        "copy, scrape or harvest content or personal data from the website by automated means.",
      ],
    },
    {
      title: "Information on the Website",
      paragraphs: [
        "Articles, guides, whitepapers, case studies and other content on the website are general information about compensation, benefits and reward practice. They are not professional, legal, tax or investment advice for your situation, and you should not act on them without advice that takes your circumstances into account.",
        "We take care to keep the content accurate and current, but we do not guarantee that it is complete, accurate or up to date, and laws and market practice change over time.",
      ],
    },
    {
      title: "Enquiries and Consultations",
      paragraphs: [
        "When you submit an enquiry or request a consultation or resource, you agree to give accurate information. A free consultation is an introductory conversation; it creates no obligation for you or for us, and no client relationship arises until an engagement letter is signed by both parties.",
      ],
    },
    {
      title: "Job Applications",
      paragraphs: [
        "Job postings describe positions we intend to fill and may be changed or withdrawn at any time. Submitting an application does not guarantee an interview or an offer. Information you share in an application is handled as described in our Privacy Policy.",
      ],
    },
    {
      title: "Intellectual Property",
      paragraphs: [
        "The website and its content, including text, graphics, frameworks, models and the {siteName} name, are owned by us or our licensors and are protected by copyright, trade mark and other laws.",
        "You may view and print content for your own non-commercial, internal use, provided you keep all copyright notices. Any other reproduction, distribution, modification or commercial use requires our prior written permission.",
      ],
    },
    {
      title: "Newsletter",
      paragraphs: [
        "If you subscribe to our newsletter, we will send you occasional e-mails with insights and news about our services. Every e-mail contains a link to unsubscribe, and you may unsubscribe at any time.",
      ],
    },
    {
      title: "Links to Other Websites",
      paragraphs: [
        "The website may link to other websites, such as our professional social media profile. We do not control those websites and are not responsible for their content, availability or privacy practices.",
      ],
    },
    {
      title: "Availability of the Website",
      paragraphs: [
        "We aim to keep the website available at all times but do not guarantee uninterrupted access. We may suspend, change or withdraw any part of the website, for example for maintenance, without notice.",
      ],
    },
    {
      title: "Limitation of Liability",
      paragraphs: [
        "To the extent permitted by law, we are not liable for any loss or damage arising from your use of, or reliance on, the website or its content, including indirect or consequential loss, loss of profits or loss of data.",
        "Nothing in these terms excludes or limits liability that cannot be excluded or limited under applicable law.",
      ],
    },
    {
      title: "Indemnity",
      paragraphs: [
        "You agree to indemnify us against claims, losses and costs arising from your breach of these terms or your misuse of the website.",
      ],
    },
    {
      title: "Changes to These Terms",
      paragraphs: [
        'We may update these terms from time to time. We will give at least 30 days\' notice of any material change by publishing the updated terms on this page, with a new "last updated" date, before the change takes effect. Your continued use of the website after a change takes effect means you accept the updated terms.',
      ],
    },
    {
      title: "Governing Law and Contact",
      paragraphs: [
        "These terms are governed by the laws of India. The courts at New Delhi have exclusive jurisdiction over any dispute arising from them or from your use of the website.",
        "Questions about these terms can be sent to {email} or made by telephone on {phone}.",
      ],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: PRIVACY_LAST_UPDATED,
  introduction:
    "This policy explains what personal data {siteName} collects through this website, why we collect it, how long we keep it and the choices and rights you have. We process personal data in accordance with the Digital Personal Data Protection Act, 2023 and other applicable Indian law.",
  sections: [
    {
      title: "Who We Are",
      paragraphs: [
        "{siteName} is a total rewards consulting firm with its office in New Delhi, India. We are responsible, as data fiduciary, for the personal data described in this policy. You can reach us at {email} or {phone}.",
      ],
    },
    {
      title: "Information You Give Us",
      paragraphs: [
        "When you submit the enquiry form we collect your first and last name, e-mail address and company, and, if you choose to give them, your job title, phone number, company size, industry, the service you are interested in, your timeline and your message. When you subscribe to our newsletter we collect your e-mail address and the time you gave your consent.",
        "When you apply for a position we collect your full name, e-mail address, phone number, current location and notice period, your LinkedIn or portfolio address if you give one, your cover note and the CV you upload (a PDF or Word file), together with the position you applied for, the time you applied and the consent you gave.",
      ],
    },
    {
      title: "Information Collected Automatically",
      paragraphs: [
        "Our servers record technical information about each request, such as your IP address, the page requested, the time and the response status, to keep the website secure and working. We do not record the query part of web addresses.",
        "If website statistics are switched on, we count page views without cookies and without building a profile of you: we record the page, the time and the referring website, not who you are.",
      ],
    },
    {
      title: "Cookies",
      paragraphs: [
        "The public website does not use advertising or tracking cookies, and nothing about your visit is sent to anyone else.",
        "When you arrive from a link on another website, or from one of our campaign links (an address with utm_ parameters), we set one first-party cookie, lead_source, that remembers where your first and your latest such visit came from: the campaign's source, medium, name, term and content, the name of the referring website, the page you arrived at and the date. It holds no identifier and nothing that says who you are, no script reads it, and it expires 90 days after your latest such visit. Moving from page to page on this website does not change it. If you then send us a form (an enquiry, a booking, a resource request, a job application or a newsletter sign-up), we keep that source with what you sent, so that we know which of our articles and campaigns reach people; it is kept and deleted with that record.",
        "The only other cookies we set are strictly necessary: session cookies for our staff when they sign in to the administration area, and, after you request a resource, one that lets you download it again without filling in the form.",
      ],
    },
    {
      title: "How We Use Your Information",
      paragraphs: ["We use personal data only for the purposes for which it was given:"],
      items: [
        "to reply to your enquiry, arrange a consultation or send a resource you requested;",
        "to consider your application if you apply for a position, and to contact you about it;",
        "to send our newsletter if you subscribed, until you unsubscribe;",
        "to keep the website secure, prevent abuse and fix problems;",
        "to meet our legal obligations.",
      ],
    },
    {
      title: "Consent and Withdrawal",
      paragraphs: [
        "We process the data you submit on the basis of your consent, given when you send a form. You may withdraw your consent at any time, as easily as you gave it: every e-mail we send you has a link to a page where one button withdraws it (for the newsletter, the unsubscribe link); you can also ask on our privacy requests page (/privacy/requests) or write to {privacyEmail}. Withdrawing stops at once what depended on it: newsletter e-mails stop, and a CV kept for future roles is no longer kept for them. Withdrawal does not affect processing that took place before it.",
      ],
    },
    {
      title: "Sharing Your Information",
      paragraphs: [
        "We do not sell or rent personal data. We share it only with service providers who host our website and deliver our e-mail, under contracts that require them to protect it and use it only on our instructions, and with authorities where the law requires us to.",
        "Job applications and CVs are seen only by our staff, who sign in to our administration area to review them; a CV is never published or available at a public web address.",
      ],
    },
    {
      title: "How Long We Keep It",
      paragraphs: [
        "We keep enquiries for up to three years after our last contact with you, newsletter subscriptions until you unsubscribe, and server logs for up to 90 days, unless the law requires us to keep them longer. We keep the record of what our staff do with personal data (our activity log) for at least one year, as the law requires.",
        "We keep a job application and the CV uploaded with it for {applicationRetention} from the day you apply; we e-mail you 48 hours before they are deleted, then both are deleted automatically. If you tick the box to keep your CV for future roles, we keep it for 12 months and ask you before then whether to keep it longer. You can ask us to delete them sooner on our privacy requests page (/privacy/requests) or by writing to {privacyEmail}.",
      ],
    },
    {
      title: "Security",
      paragraphs: [
        "We protect personal data with encryption in transit, access controls that limit staff access to those who need it, hashed passwords for staff accounts and regular updates to our systems. No method of transmission or storage is completely secure, but we work to protect your data and will notify you and the authorities of a breach as the law requires.",
      ],
    },
    {
      title: "Your Rights",
      paragraphs: ["Subject to applicable law, you have the right to:"],
      items: [
        "obtain a summary of the personal data we hold about you and how we process it;",
        "have inaccurate or incomplete data corrected and completed;",
        "have your data erased when it is no longer needed for the purpose it was given;",
        "nominate another person to exercise your rights in the event of death or incapacity;",
        "have your grievances addressed by us, and then by the Data Protection Board of India.",
      ],
    },
    {
      title: "Children's Data",
      paragraphs: [
        "This website is intended for professionals and is not directed at children. We do not knowingly collect personal data from anyone under the age of 18. If you believe a child has given us personal data, please contact us and we will delete it.",
      ],
    },
    {
      title: "Changes to This Policy",
      paragraphs: [
        'We may update this policy from time to time. We will publish the updated policy on this page with a new "last updated" date and, for material changes, give at least 30 days\' notice before they take effect.',
      ],
    },
    {
      title: "Grievances and Contact",
      paragraphs: [
        "To see, correct or erase your data, or to nominate someone, ask on our privacy requests page (/privacy/requests): we e-mail a one-time code to your address to confirm that the request is yours, and answer within 30 days. A request to see your data is answered at once with a download of what we hold about you, as a file and as a readable PDF.",
        "For any question, request or complaint about your personal data, write to our grievance officer at {privacyEmail} or call {phone}. We will acknowledge your request promptly and respond within 30 days. This policy is governed by the laws of India.",
      ],
    },
  ],
};

export interface LegalPlaceholders {
  siteName: string;
  email: string;
  phone: string;
  /** Where personal-data requests go (Settings' privacy contact); the contact e-mail when left out. */
  privacyEmail?: string;
  /** How long applications are kept, in words ("12 months"); the default period when left out. */
  applicationRetention?: string;
}

/** The retention period of applications (Settings, in months) as the privacy policy words it. */
export const retentionPeriod = (months: number) => countOf(months, "month", "months");

/** Fills `{siteName}`, `{email}`, `{phone}`, `{privacyEmail}` and `{applicationRetention}`. */
export function fillPlaceholders(text: string, values: LegalPlaceholders): string {
  const filled: Required<LegalPlaceholders> = {
    ...values,
    privacyEmail: values.privacyEmail || values.email,
    applicationRetention:
      values.applicationRetention ??
      retentionPeriod(DEFAULT_GENERAL_SETTINGS.applicationRetentionMonths),
  };
  return text.replace(
    /\{(siteName|email|phone|privacyEmail|applicationRetention)\}/g,
    (_, key: keyof LegalPlaceholders) => filled[key],
  );
}
