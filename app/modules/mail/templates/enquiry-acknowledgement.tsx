import { DetailsTable, MailHeading, MailText, Paragraphs } from "./blocks";
import { type MailBrand, MailLayout } from "./layout";

/**
 * To the visitor: we have your enquiry. The sentences come from the text version; the firm's
 * address and phone are the layout's footer (the text version's signature).
 */
export function EnquiryAcknowledgementMail(props: {
  subject: string;
  brand: MailBrand;
  greeting: string;
  body: string[];
  summary: Array<[string, string]>;
  message: string;
  contact: string;
}) {
  return (
    <MailLayout title={props.subject} preview={props.body[0] ?? props.subject} brand={props.brand}>
      <MailText>{props.greeting}</MailText>
      {props.body.map((sentence) => (
        <MailText key={sentence}>{sentence}</MailText>
      ))}
      <MailHeading>What you sent us</MailHeading>
      <DetailsTable rows={props.summary} />
      <Paragraphs text={props.message} />
      <MailText>{props.contact}</MailText>
    </MailLayout>
  );
}
