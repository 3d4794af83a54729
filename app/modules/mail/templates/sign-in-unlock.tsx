import { MailButton, MailText } from "./blocks";
import { type MailBrand, MailLayout } from "./layout";

/** To a locked member of staff: the unlock link. The sentences come from the text version. */
export function SignInUnlockMail(props: {
  subject: string;
  brand: MailBrand;
  greeting: string;
  intro: string;
  unlockUrl: string;
  expiry: string;
  ignore: string;
}) {
  return (
    <MailLayout title={props.subject} preview={props.intro} brand={props.brand}>
      <MailText>{props.greeting}</MailText>
      <MailText>{props.intro}</MailText>
      <MailButton href={props.unlockUrl}>Unlock sign-in</MailButton>
      <MailText>{props.expiry}</MailText>
      <MailText>{props.ignore}</MailText>
    </MailLayout>
  );
}
