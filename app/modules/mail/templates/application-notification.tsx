import { DetailsTable, HEADING_STYLE, MailDocument, Paragraphs } from "./layout";

/** To the firm: a new job application. The sentences come from the text version. */
export function ApplicationNotificationMail(props: {
  subject: string;
  intro: string;
  details: Array<[string, string]>;
  coverNote: string;
  adminLink: string;
  replyHint: string;
}) {
  return (
    <MailDocument title={props.subject}>
      <p>{props.intro}</p>
      <DetailsTable rows={props.details} />
      <h2 style={HEADING_STYLE}>Cover note</h2>
      <Paragraphs text={props.coverNote} />
      <p>
        <a href={props.adminLink}>Open the application and CV in the admin</a>
      </p>
      <p>{props.replyHint}</p>
    </MailDocument>
  );
}
