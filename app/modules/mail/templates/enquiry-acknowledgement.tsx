import { DetailsTable, HEADING_STYLE, MailDocument, Paragraphs } from "./layout";

/** To the visitor: we have your enquiry. The sentences come from the text version. */
export function EnquiryAcknowledgementMail(props: {
  subject: string;
  greeting: string;
  body: string[];
  summary: Array<[string, string]>;
  message: string;
  contact: string;
  siteName: string;
  email: string;
  phone: string;
}) {
  return (
    <MailDocument title={props.subject}>
      <p>{props.greeting}</p>
      {props.body.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      <h2 style={HEADING_STYLE}>What you sent us</h2>
      <DetailsTable rows={props.summary} />
      <Paragraphs text={props.message} />
      <p>{props.contact}</p>
      <p>
        {props.siteName}
        <br />
        <a href={`mailto:${props.email}`}>{props.email}</a> · {props.phone}
      </p>
    </MailDocument>
  );
}
