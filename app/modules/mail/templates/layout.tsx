// Each component from its own package: the barrel (@react-email/components) also loads the code
// block with every Prism language and Tailwind, ~0.6 s of CPU in each process that sends mail.
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { telHref } from "~/lib/phone-link";
import {
  LINK_STYLE,
  MAIL_CLASS,
  MAIL_COLOURS,
  MAIL_STYLE_SHEET,
  MUTED_STYLE,
  SANS,
  SERIF,
  WRAP,
} from "./mail-style";

/*
 * The one layout of every mail the site sends (decision 0040), built from @react-email's
 * components, which write the tables and attributes mail programs need. React escapes every
 * value. Each mail's plain-text part is written beside it by its builder, from the same
 * sentences.
 */

/** Who sends the mail: the firm's name (settings) and its site; its contact for visitors. */
export interface MailBrand {
  siteName: string;
  /** The site's public address, no trailing slash. */
  baseUrl: string;
  /** Shown in the footer of mails to visitors, as links. */
  email?: string;
  phone?: string;
}

/** The doctype react-email's renderer gives a mail (XHTML 1.0 Transitional, what mail programs expect). */
const MAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A mail's HTML as a document string: react-email's components drawn once, synchronously, with
 * the doctype its renderer gives. Its `render` streams the same markup (a dynamic import of
 * react-dom/server, a web stream and a decoder for every mail) for templates that never suspend:
 * a fifth of an enquiry's CPU for its two mails (decision 0084).
 */
export async function renderMailHtml(mail: ReactNode): Promise<string> {
  return `${MAIL_DOCTYPE}${renderToStaticMarkup(mail).replace(/<!DOCTYPE.*?>/, "")}`;
}

/** The site's address as a reader would type it: "trc.example.in", not the whole URL. */
export const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
};

/** The firm's name as a wordmark: a marigold bar over the name in the serif, a link home. */
function Wordmark({ brand }: { brand: MailBrand }) {
  return (
    <Section style={{ padding: "0 4px 16px" }}>
      <div
        style={{
          width: "40px",
          height: "0",
          borderTop: `4px solid ${MAIL_COLOURS.marigold}`,
          margin: "0 0 10px",
        }}
      />
      <Link
        href={brand.baseUrl}
        className={MAIL_CLASS.wordmark}
        style={{
          fontFamily: SERIF,
          fontSize: "22px",
          lineHeight: "1.25",
          fontWeight: 700,
          color: MAIL_COLOURS.navy,
          textDecoration: "none",
          ...WRAP,
        }}
      >
        {brand.siteName}
      </Link>
    </Section>
  );
}

function Footer({ brand }: { brand: MailBrand }) {
  const contact: ReactNode[] = [];
  if (brand.email) {
    contact.push(
      <Link
        key="email"
        href={`mailto:${brand.email}`}
        className={MAIL_CLASS.link}
        style={LINK_STYLE}
      >
        {brand.email}
      </Link>,
    );
  }
  if (brand.phone) {
    contact.push(
      <Link key="phone" href={telHref(brand.phone)} className={MAIL_CLASS.link} style={LINK_STYLE}>
        {brand.phone}
      </Link>,
    );
  }
  contact.push(
    <Link key="site" href={brand.baseUrl} className={MAIL_CLASS.link} style={LINK_STYLE}>
      {hostOf(brand.baseUrl)}
    </Link>,
  );
  return (
    <Section style={{ padding: "16px 4px 0" }}>
      <Text className={MAIL_CLASS.muted} style={{ ...MUTED_STYLE, fontWeight: 700 }}>
        {brand.siteName}
      </Text>
      <Text className={MAIL_CLASS.muted} style={MUTED_STYLE}>
        {contact.flatMap((item, index) => (index === 0 ? [item] : [" · ", item]))}
      </Text>
    </Section>
  );
}

/**
 * A whole mail: the wordmark, the content on a card, the footer. `preview` is the line mail
 * programs show beside the subject (hidden in the mail itself).
 */
export function MailLayout(props: {
  title: string;
  preview: string;
  brand: MailBrand;
  children: ReactNode;
}) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{props.title}</title>
        <style>{MAIL_STYLE_SHEET}</style>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        className={MAIL_CLASS.body}
        style={{ margin: 0, backgroundColor: MAIL_COLOURS.paper, fontFamily: SANS }}
      >
        <Container
          className="m-outer"
          style={{ width: "100%", maxWidth: "600px", padding: "24px 12px", ...WRAP }}
        >
          <Wordmark brand={props.brand} />
          <Section
            className={`${MAIL_CLASS.card} ${MAIL_CLASS.text}`}
            style={{
              backgroundColor: MAIL_COLOURS.card,
              border: `1px solid ${MAIL_COLOURS.border}`,
              borderRadius: "8px",
              padding: "28px 24px 12px",
              color: MAIL_COLOURS.text,
              ...WRAP,
            }}
          >
            {props.children}
          </Section>
          <Footer brand={props.brand} />
        </Container>
      </Body>
    </Html>
  );
}
