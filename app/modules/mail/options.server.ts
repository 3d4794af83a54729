import type { AppConfig } from "~/config.server";

/** How the site sends mail, from the configuration. */
export interface LeadMailOptions {
  /** SMTP is configured: mails go out, and newsletter sign-ups need a confirmation. */
  enabled: boolean;
  /** The public address of the site, for links in mails. */
  baseUrl: string;
  /** Where enquiry notifications go (NOTIFY_TO); the brand e-mail when unset. */
  notifyTo?: string;
}

export function leadMailOptions(config: AppConfig): LeadMailOptions {
  return {
    enabled: Boolean(config.mail.smtpUrl),
    baseUrl: config.baseUrl,
    notifyTo: config.mail.notifyTo,
  };
}
