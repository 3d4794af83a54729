import { MailSteps, MailText } from "./blocks";
import { type MailBrand, MailLayout } from "./layout";

/**
 * To the candidate: we have your application. The sentences come from the text version; the
 * careers address is the layout's footer (the text version's signature).
 */
export function ApplicationAcknowledgementMail(props: {
  subject: string;
  brand: MailBrand;
  greeting: string;
  body: string[];
  nextSteps: string[];
  privacy: string;
}) {
  return (
    <MailLayout title={props.subject} preview={props.body[0] ?? props.subject} brand={props.brand}>
      <MailText>{props.greeting}</MailText>
      {props.body.map((sentence) => (
        <MailText key={sentence}>{sentence}</MailText>
      ))}
      <MailSteps steps={props.nextSteps} />
      <MailText>{props.privacy}</MailText>
    </MailLayout>
  );
}
