import { MailButton, MailLink, MailSmallPrint, MailText } from "./blocks";
import { type MailBrand, MailLayout } from "./layout";

/** Double opt-in: the confirmation link and the way out. The sentences come from the text version. */
export function NewsletterConfirmationMail(props: {
  subject: string;
  brand: MailBrand;
  intro: string;
  confirmUrl: string;
  ignore: string;
  unsubscribeUrl: string;
}) {
  return (
    <MailLayout title={props.subject} preview={props.intro} brand={props.brand}>
      <MailText>{props.intro}</MailText>
      <MailButton href={props.confirmUrl}>Confirm my subscription</MailButton>
      <MailText>{props.ignore}</MailText>
      <MailSmallPrint>
        <MailLink href={props.unsubscribeUrl}>Unsubscribe</MailLink> at any time.
      </MailSmallPrint>
    </MailLayout>
  );
}
