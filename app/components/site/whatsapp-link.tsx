import { whatsappChatUrl } from "~/lib/whatsapp-link";
import { usePublicSite } from "./public-site";
import { WhatsAppIcon } from "./whatsapp-icon";

/**
 * "Chat on WhatsApp" on the contact page: WhatsApp's click-to-chat link with a short greeting,
 * in a new tab. Nothing when no WhatsApp number is set (decision 0029).
 */
export function WhatsAppChatLink({
  number,
  className = "inline-flex min-h-11 items-center gap-2 font-semibold underline decoration-2 underline-offset-4",
}: {
  /** The number; by default the site's, from the public layout. */
  number?: string;
  className?: string;
}) {
  const site = usePublicSite();
  const href = whatsappChatUrl(number ?? site?.whatsappNumber ?? "");
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener" className={className} data-whatsapp-link="">
      <WhatsAppIcon className="h-5 w-5 shrink-0" />
      Chat on WhatsApp
      <span className="sr-only"> (opens WhatsApp in a new tab)</span>
    </a>
  );
}
