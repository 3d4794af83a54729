import { MailDocument } from "./layout";

/** To the candidate: we have your application. The sentences come from the text version. */
export function ApplicationAcknowledgementMail(props: {
  subject: string;
  greeting: string;
  body: string[];
  nextSteps: string[];
  privacy: string;
  siteName: string;
  email: string;
}) {
  return (
    <MailDocument title={props.subject}>
      <p>{props.greeting}</p>
      {props.body.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      <ol>
        {props.nextSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>{props.privacy}</p>
      <p>
        {props.siteName}
        <br />
        <a href={`mailto:${props.email}`}>{props.email}</a>
      </p>
    </MailDocument>
  );
}
