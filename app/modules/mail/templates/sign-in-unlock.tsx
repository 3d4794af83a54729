import { MailDocument } from "./layout";

/** To a locked member of staff: the unlock link. The sentences come from the text version. */
export function SignInUnlockMail(props: {
  subject: string;
  greeting: string;
  intro: string;
  unlockUrl: string;
  expiry: string;
  ignore: string;
  siteName: string;
}) {
  return (
    <MailDocument title={props.subject}>
      <p>{props.greeting}</p>
      <p>{props.intro}</p>
      <p>
        <a href={props.unlockUrl}>Unlock sign-in</a>
      </p>
      <p>{props.expiry}</p>
      <p>{props.ignore}</p>
      <p style={{ fontSize: "13px", color: "#475569" }}>{props.siteName}</p>
    </MailDocument>
  );
}
