import type { ShopText } from "../../../common/shop-text";
import { parseWhatsappNumber } from "../../../common/phone";
import { countryByCode } from "../../../common/store";
import type { WithdrawalRequest } from "../../../common/withdrawals";

/**
 * How the seller answers a 'Botón de arrepentimiento' request, by the contact the buyer left: an e-mail opens
 * the mail app, a WhatsApp number (as Argentine buyers write it: "11 5555-1234", "+54 9 11…") its chat, and
 * anything else WhatsApp's own contact picker, always with the reply written in the store's language.
 */
export function withdrawalReplyUrl(
  request: WithdrawalRequest,
  storeName: string,
  shop: ShopText,
  countryCode: string | null,
): { href: string; by: "email" | "whatsapp" } {
  const text = shop.t("withdrawal.reply", { name: request.buyerName, code: request.code, order: request.orderCode, store: storeName });
  const contact = request.contact.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) {
    return {
      href: `mailto:${encodeURIComponent(contact)}?subject=${encodeURIComponent(request.code)}&body=${encodeURIComponent(text)}`,
      by: "email",
    };
  }
  const country = countryByCode(countryCode ?? "AR");
  const number = country ? parseWhatsappNumber(contact, country) : null;
  const to = number && "digits" in number ? number.digits : "";
  return { href: `https://wa.me/${to}?text=${encodeURIComponent(text)}`, by: "whatsapp" };
}
