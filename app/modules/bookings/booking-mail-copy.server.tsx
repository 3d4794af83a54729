import type { ReactNode } from "react";
import { DetailsTable, MailButton, MailLink, MailText } from "~/modules/mail/templates/blocks";
import { type MailBrand, MailLayout, renderMailHtml } from "~/modules/mail/templates/layout";

/*
 * The text and HTML copies of a booking mail, written once as sentences and details
 * (booking-mails.server.tsx builds them). Kept apart so the builder stays readable.
 */

/** A piece of a mail's sentence: words, or a link (its text is what both copies show). */
export type Piece = string | { href: string; text: string };
/** A sentence or a detail's value, as pieces: a link in it is an <a href> in the HTML copy. */
export type Line = Piece[];

export const link = (href: string, text: string): Piece => ({ href, text });
export const mailLink = (address: string): Piece => link(`mailto:${address}`, address);

export const plainOf = (line: Line) =>
  line.map((piece) => (typeof piece === "string" ? piece : piece.text)).join("");

function HtmlLine({ line }: { line: Line }) {
  return line.map((piece, index) =>
    typeof piece === "string" ? (
      piece
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: static markup; pieces never reorder.
      <MailLink key={index} href={piece.href}>
        {piece.text}
      </MailLink>
    ),
  );
}

/**
 * What the reader can do next: a sentence and a link. The text copy writes the address after
 * the sentence; the HTML copy shows a button with a short label, so a long link (the private
 * link is about 150 characters) never widens the mail on a phone.
 */
export interface MailAction {
  sentence: string;
  label: string;
  href: string;
}

interface BookingMailParts {
  subject: string;
  brand: MailBrand;
  lead: string;
  details: Array<[string, Line]>;
  /** How to join the meeting (decision 0047), a button after the details. */
  join?: MailAction;
  action?: MailAction;
  /** Sentences after the action. */
  closing: string[];
  /** The text copy's last lines (the HTML copy has them in its footer). */
  signature?: string;
}

/**
 * The text and HTML copies of a mail from the same sentences: the lead, the details, the
 * action, the rest. Every address in them is a link in the HTML copy (an <a href>, not a bare
 * URL a mail program may or may not turn into one).
 */
export async function renderMail(parts: BookingMailParts) {
  const text = [
    parts.lead,
    parts.details.map(([label, value]) => `${label}: ${plainOf(value)}`).join("\n\n"),
    parts.join ? `${parts.join.sentence} ${parts.join.href}` : "",
    parts.action ? `${parts.action.sentence} ${parts.action.href}` : "",
    ...parts.closing,
    parts.signature ?? "",
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = await renderMailHtml(
    <MailLayout title={parts.subject} preview={parts.lead} brand={parts.brand}>
      <MailText>{parts.lead}</MailText>
      <DetailsTable
        rows={parts.details.map(([label, value]): [string, ReactNode] => [
          label,
          <HtmlLine key={label} line={value} />,
        ])}
      />
      {parts.join ? (
        <>
          <MailText>{parts.join.sentence}</MailText>
          <MailButton href={parts.join.href}>{parts.join.label}</MailButton>
        </>
      ) : null}
      {parts.action ? (
        <>
          <MailText>{parts.action.sentence}</MailText>
          <MailButton href={parts.action.href}>{parts.action.label}</MailButton>
        </>
      ) : null}
      {parts.closing.map((sentence) => (
        <MailText key={sentence}>{sentence}</MailText>
      ))}
    </MailLayout>,
  );
  return { text, html };
}
