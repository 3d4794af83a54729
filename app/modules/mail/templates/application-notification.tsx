import { DetailsTable, MailButton, MailHeading, MailText, Paragraphs } from "./blocks";
import { type MailBrand, MailLayout } from "./layout";

/** To the firm: a new job application. The sentences come from the text version. */
export function ApplicationNotificationMail(props: {
  subject: string;
  brand: MailBrand;
  intro: string;
  details: Array<[string, string]>;
  coverNote: string;
  adminLink: string;
  replyHint: string;
}) {
  return (
    <MailLayout title={props.subject} preview={props.intro} brand={props.brand}>
      <MailText>{props.intro}</MailText>
      <DetailsTable rows={props.details} />
      <MailHeading>Cover note</MailHeading>
      <Paragraphs text={props.coverNote} />
      <MailButton href={props.adminLink}>Open the application and CV in the admin</MailButton>
      <MailText>{props.replyHint}</MailText>
    </MailLayout>
  );
}
