import { MailDocument } from "./layout";

/** Double opt-in: the confirmation link and the way out. The sentences come from the text version. */
export function NewsletterConfirmationMail(props: {
  subject: string;
  intro: string;
  confirmUrl: string;
  ignore: string;
  unsubscribeUrl: string;
  siteName: string;
  email: string;
}) {
  return (
    <MailDocument title={props.subject}>
      <p>{props.intro}</p>
      <p>
        <a href={props.confirmUrl}>Confirm my subscription</a>
      </p>
      <p>{props.ignore}</p>
      <p style={{ fontSize: "13px", color: "#475569" }}>
        <a href={props.unsubscribeUrl}>Unsubscribe</a> at any time.
        <br />
        {props.siteName} · {props.email}
      </p>
    </MailDocument>
  );
}
