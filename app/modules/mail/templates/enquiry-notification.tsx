import { DetailsTable, MailButton, MailHeading, MailText, Paragraphs } from "./blocks";
import { type MailBrand, MailLayout } from "./layout";

/** To the firm: a new enquiry. The sentences come from the text version, so both say the same. */
export function EnquiryNotificationMail(props: {
  subject: string;
  brand: MailBrand;
  intro: string;
  details: Array<[string, string]>;
  message: string;
  adminLink: string;
  replyHint: string;
}) {
  return (
    <MailLayout title={props.subject} preview={props.intro} brand={props.brand}>
      <MailText>{props.intro}</MailText>
      <DetailsTable rows={props.details} />
      <MailHeading>Message</MailHeading>
      <Paragraphs text={props.message} />
      <MailButton href={props.adminLink}>Open it in the admin</MailButton>
      <MailText>{props.replyHint}</MailText>
    </MailLayout>
  );
}
