/**
 * The postal code of an envío, held to the store's country's rule (common/postal-codes.ts: Brazil's CEP,
 * Mexico's código postal…), with the refusal in the store's language. The cart asks the same before sending;
 * this is the Worker's own check, since a page's script is never trusted.
 */
import { checkPostalCode } from "../../common/postal-codes";
import type { ShopText } from "../../common/shop-text";
import { storeCountry } from "../../common/store";
import { ApiError } from "./errors";

/** Cleaned typing stays within this: the longest code (Argentina's CPA) is 8 characters, with room for spaces and dashes. */
export const POSTAL_CODE_MAX_LENGTH = 16;

/** The code as the order keeps it, null where the country asks none or an optional one is empty; a 400 otherwise. */
export function envioPostalCode(
  store: { phone: string; countryCode: string | null },
  typed: string | null | undefined,
  shop: ShopText,
): string | null {
  const checked = checkPostalCode(storeCountry(store).code, typed);
  if ("code" in checked) return checked.code;
  throw new ApiError(
    400,
    checked.problem === "required" ? shop.t("buyer.postalCodeRequired") : shop.t("buyer.postalCodeInvalid", { example: checked.example }),
  );
}
