import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment, type ReactNode } from "react";
import {
  HEADING_STYLE,
  LINK_STYLE,
  MAIL_CLASS,
  MAIL_COLOURS,
  MUTED_STYLE,
  TEXT_STYLE,
  WRAP,
} from "./mail-style";

/* The pieces mails are made of, inside MailLayout (./layout.tsx). */

const ADDRESS_IN_TEXT = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** A sentence with every e-mail address in it as a mailto link (a reader taps, not copies). */
function LinkedSentence({ text }: { text: string }) {
  const pieces: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS_IN_TEXT)) {
    pieces.push(text.slice(from, match.index));
    pieces.push(
      <MailLink key={match.index} href={`mailto:${match[0]}`}>
        {match[0]}
      </MailLink>,
    );
    from = match.index + match[0].length;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** A paragraph of the mail's text; an e-mail address in a sentence becomes a link. */
export function MailText({ children }: { children: ReactNode }) {
  return (
    <Text className={MAIL_CLASS.text} style={TEXT_STYLE}>
      {typeof children === "string" ? <LinkedSentence text={children} /> : children}
    </Text>
  );
}

/** Small print: why the mail came, how to leave a list. */
export function MailSmallPrint({ children }: { children: ReactNode }) {
  return (
    <Text className={MAIL_CLASS.muted} style={MUTED_STYLE}>
      {children}
    </Text>
  );
}

export function MailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" className={MAIL_CLASS.heading} style={HEADING_STYLE}>
      {children}
    </Heading>
  );
}

/** A link in a sentence; its text says where it goes, never the whole URL. */
export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={MAIL_CLASS.link} style={LINK_STYLE}>
      {children}
    </Link>
  );
}

/**
 * The mail's action as a button: a real <a href> (react-email adds Outlook's padding hacks),
 * navy with light text, as wide as its words, so a 150-character link never widens the mail.
 */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "4px 0 20px" }}>
      <Button
        href={href}
        className={MAIL_CLASS.button}
        style={{
          backgroundColor: MAIL_COLOURS.navy,
          color: MAIL_COLOURS.onNavy,
          borderRadius: "6px",
          padding: "12px 20px",
          fontSize: "16px",
          fontWeight: 600,
          lineHeight: "1.25",
          textAlign: "center",
          ...WRAP,
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "https://www.linkedin.com/in/priya-sharma-1234/" → "linkedin.com/in/priya-sharma-1234". */
export function shortLinkText(url: string, max = 40): string {
  const shown = url.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, "");
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}

/**
 * A detail's value: an e-mail address becomes a mailto link, a web address a link whose text is
 * its short form (the host stays visible: a visitor's link should say where it goes).
 */
function DetailValue({ value }: { value: ReactNode }) {
  if (typeof value !== "string") return value;
  if (EMAIL.test(value)) return <MailLink href={`mailto:${value}`}>{value}</MailLink>;
  if (/^https?:\/\/\S+$/i.test(value)) {
    return <MailLink href={value}>{shortLinkText(value)}</MailLink>;
  }
  return value;
}

/** Label and value rows, e.g. an enquiry's fields (a value may hold a link); nothing when none. */
export function DetailsTable({ rows }: { rows: Array<[string, ReactNode]> }) {
  if (rows.length === 0) return null;
  const cell = { padding: "6px 0", fontSize: "15px", lineHeight: "1.5", verticalAlign: "top" };
  return (
    <table
      role="presentation"
      width="100%"
      cellSpacing={0}
      cellPadding={0}
      className={MAIL_CLASS.text}
      style={{ margin: "0 0 16px", borderCollapse: "collapse", color: MAIL_COLOURS.text }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr
            key={label}
            className={MAIL_CLASS.rule}
            style={{ borderBottom: `1px solid ${MAIL_COLOURS.border}` }}
          >
            <th
              align="left"
              className={MAIL_CLASS.muted}
              style={{ ...cell, width: "34%", paddingRight: "12px", color: MAIL_COLOURS.muted }}
            >
              {label}
            </th>
            <td style={{ ...cell, ...WRAP }}>
              <DetailValue value={value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Visitor text as paragraphs (split at blank lines), its single line breaks kept. */
export function Paragraphs({ text }: { text: string }) {
  return text.split(/\n{2,}/).map((paragraph, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static markup; paragraphs never reorder.
    <p key={index} className={MAIL_CLASS.text} style={{ ...TEXT_STYLE, ...WRAP }}>
      {paragraph.split("\n").map((line, lineIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static markup; lines never reorder.
        <Fragment key={lineIndex}>
          {lineIndex > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  ));
}

/** A numbered list of steps. */
export function MailSteps({ steps }: { steps: string[] }) {
  return (
    <ol className={MAIL_CLASS.text} style={{ ...TEXT_STYLE, paddingLeft: "22px" }}>
      {steps.map((step) => (
        <li key={step} style={{ margin: "0 0 6px" }}>
          {step}
        </li>
      ))}
    </ol>
  );
}
