import { DetailsTable, HEADING_STYLE, MailDocument, Paragraphs } from "./layout";

/** To the firm: a new enquiry. The sentences come from the text version, so both say the same. */
export function EnquiryNotificationMail(props: {
  subject: string;
  intro: string;
  details: Array<[string, string]>;
  message: string;
  adminLink: string;
  replyHint: string;
}) {
  return (
    <MailDocument title={props.subject}>
      <p>{props.intro}</p>
      <DetailsTable rows={props.details} />
      <h2 style={HEADING_STYLE}>Message</h2>
      <Paragraphs text={props.message} />
      <p>
        <a href={props.adminLink}>Open it in the admin</a>
      </p>
      <p>{props.replyHint}</p>
    </MailDocument>
  );
}
