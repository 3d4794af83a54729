import { MailButton, MailLink, MailSmallPrint, MailText } from "./blocks";
import { type MailBrand, MailLayout } from "./layout";

/** Double opt-in: the confirmation link and the way out. The sentences come from the text version. */
export function NewsletterConfirmationMail(props: {
  subject: string;
  brand: MailBrand;
  /** The first sentence, which names the subscriber's address (a mailto link here). */
  intro: string;
  email: string;
  confirmUrl: string;
  ignore: string;
  unsubscribeUrl: string;
}) {
  const [before = "", ...after] = props.intro.split(props.email);
  return (
    <MailLayout title={props.subject} preview={props.intro} brand={props.brand}>
      <MailText>
        {before}
        {after.length > 0 ? (
          <MailLink href={`mailto:${props.email}`}>{props.email}</MailLink>
        ) : null}
        {after.join(props.email)}
      </MailText>
      <MailButton href={props.confirmUrl}>Confirm my subscription</MailButton>
      <MailText>{props.ignore}</MailText>
      <MailSmallPrint>
        <MailLink href={props.unsubscribeUrl}>Unsubscribe</MailLink> at any time.
      </MailSmallPrint>
    </MailLayout>
  );
}
