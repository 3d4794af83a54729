/*
 * WhatsApp's click-to-chat link (https://wa.me/<number>?text=…) for the firm's WhatsApp number,
 * a setting stored in the international format ("+91 98765 43210", whatsapp-field.ts). Carries no
 * phone library, so public pages can build it in the browser too.
 */

/** The greeting the chat opens with; the visitor can change it before sending. */
export const WHATSAPP_GREETING = "Hello, I would like to know more about your consulting services.";

/** The number's digits with the country code, as wa.me wants them: "919876543210". */
export const whatsappDigits = (stored: string) =>
  stored.replace(/ext\..*$/i, "").replace(/\D/g, "");

/** The chat link, or undefined when no number is set (WhatsApp is off). */
export function whatsappChatUrl(stored: string, text: string = WHATSAPP_GREETING) {
  const digits = whatsappDigits(stored);
  if (!digits) return undefined;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
