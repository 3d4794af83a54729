import { MailText } from "./blocks";
import { type MailBrand, MailLayout, renderMailHtml } from "./layout";

/*
 * Notices written as plain sentences (a retention notice, a CV-pool renewal, a breach notice, a
 * privacy request's code and answer): each sentence a paragraph of the one layout. The caller
 * writes the plain-text part from the same sentences.
 */

/** The brand of a mail to a visitor: the firm's name and contact as the settings give them. */
export const visitorBrand = (
  settings: { siteName: string; email: string; phone: string },
  baseUrl: string,
): MailBrand => ({
  siteName: settings.siteName,
  baseUrl,
  email: settings.email,
  phone: settings.phone,
});

/** The HTML of a notice: `paragraphs` one after another; `preview` beside the subject. */
export function renderNoticeHtml(input: {
  title: string;
  preview: string;
  brand: MailBrand;
  paragraphs: string[];
}): Promise<string> {
  return renderMailHtml(
    <MailLayout title={input.title} preview={input.preview} brand={input.brand}>
      {input.paragraphs.map((paragraph) => (
        <MailText key={paragraph}>{paragraph}</MailText>
      ))}
    </MailLayout>,
  );
}
